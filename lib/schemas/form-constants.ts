// Form rules the browser needs without the zod schemas (the builder's bundle stays small; see bench:ui).

/** The success message a form gets when none is given: a double opt-in form asks the visitor to confirm. */
export const defaultSuccessMessage = (doubleOptIn: boolean) =>
  doubleOptIn ? "Thanks! Check your inbox to confirm your subscription." : "Thanks for subscribing!";

/**
 * The message a form shows with `doubleOptIn`: a message left at the other setting's default follows the setting,
 * so a single opt-in form never tells a subscriber to look for a confirmation that is not sent (and a double
 * opt-in form never forgets to ask). A message the marketer wrote is kept as written.
 */
export const successMessageFor = (message: string, doubleOptIn: boolean) =>
  message === defaultSuccessMessage(!doubleOptIn) ? defaultSuccessMessage(doubleOptIn) : message;
