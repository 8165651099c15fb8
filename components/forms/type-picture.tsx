import clsx from "clsx";
import type { FormType } from "@/lib/schemas/forms";

/**
 * A small drawing of where each form type appears on a page (the "New form" picker and the list). Decorative: the
 * type's name is always written next to it.
 */
export function FormTypePicture({ type, className }: { type: FormType; className?: string }) {
  return (
    <svg viewBox="0 0 80 56" aria-hidden="true" className={clsx("h-14 w-20 shrink-0", className)}>
      <rect x="0.5" y="0.5" width="79" height="55" rx="4" className="fill-white stroke-slate-300" />
      <rect x="0.5" y="0.5" width="79" height="7" rx="4" className="fill-slate-100" />
      {/* page text */}
      {[14, 20, 26, 32, 38, 44].map((y) => (
        <rect key={y} x="8" y={y} width={y % 12 ? 64 : 48} height="2.5" rx="1.25" className="fill-slate-200" />
      ))}
      {type === "inline" && <Form x={14} y={24} w={52} h={18} />}
      {type === "popup" && (
        <>
          <rect x="0.5" y="7.5" width="79" height="48" className="fill-slate-900/25" />
          <Form x={20} y={14} w={40} h={32} />
        </>
      )}
      {type === "landing_page" && (
        <>
          <rect x="1" y="8" width="78" height="47" className="fill-brand-50" />
          <Form x={18} y={13} w={44} h={36} />
        </>
      )}
      {type === "sticky_bar" && <Form x={0.5} y={45} w={79} h={10.5} bar />}
      {type === "slide_in" && <Form x={46} y={30} w={30} h={22} />}
    </svg>
  );
}

function Form({ x, y, w, h, bar }: { x: number; y: number; w: number; h: number; bar?: boolean }) {
  if (bar)
    return (
      <g>
        <rect x={x} y={y} width={w} height={h} className="fill-brand-600" />
        <rect x={x + 8} y={y + 3.5} width={34} height={3.5} rx="1.5" className="fill-white/80" />
        <rect x={x + w - 22} y={y + 2.5} width={16} height={5.5} rx="1.5" className="fill-white" />
      </g>
    );
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx="3" className="fill-white stroke-brand-500" />
      <rect x={x + 4} y={y + 4} width={w * 0.5} height={3} rx="1.5" className="fill-slate-400" />
      <rect x={x + 4} y={y + h - 10} width={w - 8} height={6} rx="1.5" className="fill-brand-600" />
    </g>
  );
}
