// What a user agent says about the device behind it: the tracking rollup's clicksByDevice and a form submission's
// device both read it here (a neutral home: neither engine borrows it from the other).

export type Device = "Desktop" | "Mobile" | "Tablet" | "Other";

/** Proxies that fetch on a person's open: their agent says nothing about the person's device. */
const OPEN_PROXIES = /GoogleImageProxy|ggpht\.com|YahooMailProxy/i;

/** The device class of a user agent, for clicksByDevice. */
export function deviceOf(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? "";
  if (ua === "" || OPEN_PROXIES.test(ua)) return "Other";
  if (/iPad|Tablet|PlayBook|Kindle|Silk\/|Nexus (7|9|10)\b/i.test(ua)) return "Tablet";
  if (/Android/i.test(ua) && !/Mobile/i.test(ua)) return "Tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return "Mobile";
  if (/Windows NT|Macintosh|Mac OS X|X11|Linux|CrOS/i.test(ua)) return "Desktop";
  return "Other";
}
