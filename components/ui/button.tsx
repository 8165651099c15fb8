"use client";
import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "@/lib/use-hydrated";
import { Spinner } from "./spinner";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button-classes";

export type { ButtonSize, ButtonVariant };

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button, keeping its label so its accessible name does not change. */
  loading?: boolean;
};

export function Button({
  variant,
  size,
  loading,
  disabled,
  className,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  // Until hydration a click does nothing; aria-disabled says so (and makes Playwright wait) without a visual flash.
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-disabled={hydrated ? undefined : true}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
