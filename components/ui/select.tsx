import clsx from "clsx";
import type { SelectHTMLAttributes } from "react";
import { controlClasses } from "./field";

/** A native select: keyboard and screen-reader behaviour come for free. Full width unless `className` sets one. */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={clsx(controlClasses, "h-9 pr-8", !/\bw-/.test(className ?? "") && "w-full", className)}
      {...props}
    >
      {children}
    </select>
  );
}
