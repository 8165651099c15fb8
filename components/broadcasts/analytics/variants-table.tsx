// An A/B broadcast's variants side by side among the test group, with the leader of each rate marked, and "Pick as
// winner" while no winner is chosen (the page confirms, then the engine sends the winner to the held rest of the
// audience). The winner's send to the rest is a row of its own: adding it to the winner's test row would compare
// a variant sent to 20 % of the audience with one sent to 90 %.
import clsx from "clsx";
import type { VariantStats } from "@/lib/broadcast-report";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatNumber } from "@/lib/format";
import { formatRate } from "../format-rate";
import { useCan } from "@/components/permissions/role-context";

export function VariantsTable({
  stats,
  canPick,
  onPick,
}: {
  stats: VariantStats;
  /** Picking needs the test to have gone out (sending or sent). */
  canPick: boolean;
  onPick: (variantId: string) => void;
}) {
  const canSend = useCan("broadcasts.send");
  const best = (rate: (v: VariantStats["variants"][number]) => number) => {
    const top = Math.max(...stats.variants.map(rate));
    return top > 0 ? top : null;
  };
  const bestOpen = best((v) => v.openRate);
  const bestClick = best((v) => v.clickRate);
  return (
    <>
      <p className="border-b border-slate-100 px-5 py-2.5 text-[13px] text-slate-600" data-testid="ab-status">
        {stats.winner ? (
          <>
            Winner: variant <strong className="font-semibold">{labelOf(stats, stats.winner)}</strong>
            {stats.winnerAt && (
              <>
                , chosen <RelativeTime iso={stats.winnerAt} />
              </>
            )}
            {stats.winnerSend
              ? `, sent to the remaining ${formatNumber(stats.winnerSend.recipients)} recipients.`
              : ". The rest of the audience gets it."}
          </>
        ) : stats.metric ? (
          <>
            The variant with the most {stats.metric === "clicks" ? "clicks" : "opens"} is picked automatically{" "}
            {stats.afterMinutes} minutes after the test went out, unless you pick one first.
          </>
        ) : (
          <>No winner yet: pick one to send it to the rest of the audience.</>
        )}
        {stats.held > 0 && <> {formatNumber(stats.held)} recipients are waiting for the winner.</>}
      </p>
      <Table>
        <caption className="sr-only">A/B variants compared among the test group, then the winner&apos;s send</caption>
        <THead>
          <tr>
            <TH>Test variant</TH>
            <TH className="px-3! text-right">Recipients</TH>
            <TH className="px-3! text-right">Sent</TH>
            <TH className="px-3! text-right">Opens</TH>
            <TH className="px-3! text-right">Open rate</TH>
            <TH className="px-3! text-right">Clicks</TH>
            <TH className="px-3! text-right">Click rate</TH>
            <TH>
              <span className="sr-only">Winner</span>
            </TH>
          </tr>
        </THead>
        <TBody>
          {stats.variants.map((v) => {
            const isWinner = stats.winner === v.id;
            return (
              <TR key={v.id} className={clsx(isWinner && "bg-emerald-50/50")} data-testid="variant-row">
                <TD className="max-w-[14rem] pr-3!">
                  <span className="block text-xs text-slate-500">Variant {labelOf(stats, v.id)}</span>
                  <span className="block font-medium break-words text-slate-900">{v.subject || "(no subject)"}</span>
                </TD>
                <TD className="px-3! text-right tabular-nums">{formatNumber(v.recipients)}</TD>
                <TD className="px-3! text-right tabular-nums">{formatNumber(v.sent)}</TD>
                <TD className="px-3! text-right tabular-nums">{formatNumber(v.uniqueOpens)}</TD>
                <TD className={clsx("px-3! text-right tabular-nums", v.openRate === bestOpen && "font-semibold")}>
                  {formatRate(v.openRate)}
                </TD>
                <TD className="px-3! text-right tabular-nums">{formatNumber(v.clicked)}</TD>
                <TD className={clsx("px-3! text-right tabular-nums", v.clickRate === bestClick && "font-semibold")}>
                  {formatRate(v.clickRate)}
                </TD>
                <TD className="pl-3! text-right whitespace-nowrap">
                  {isWinner ? (
                    <Badge tone="green">Winner</Badge>
                  ) : (
                    canSend && (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={!canPick || stats.winner !== null}
                        onClick={() => onPick(v.id)}
                      >
                        Pick as winner<span className="sr-only">: variant {labelOf(stats, v.id)}</span>
                      </Button>
                    )
                  )}
                </TD>
              </TR>
            );
          })}
          {stats.winnerSend && (
            <TR className="border-t-2 border-slate-200 bg-emerald-50/50" data-testid="winner-send-row">
              <TD className="max-w-[14rem] pr-3!">
                <span className="block text-xs text-slate-500">
                  Winner ({labelOf(stats, stats.winnerSend.id)}) to the remaining{" "}
                  {formatNumber(stats.winnerSend.recipients)}
                </span>
                <span className="block font-medium break-words text-slate-900">
                  {stats.winnerSend.subject || "(no subject)"}
                </span>
              </TD>
              <TD className="px-3! text-right tabular-nums">{formatNumber(stats.winnerSend.recipients)}</TD>
              <TD className="px-3! text-right tabular-nums">{formatNumber(stats.winnerSend.sent)}</TD>
              <TD className="px-3! text-right tabular-nums">{formatNumber(stats.winnerSend.uniqueOpens)}</TD>
              <TD className="px-3! text-right tabular-nums">{formatRate(stats.winnerSend.openRate)}</TD>
              <TD className="px-3! text-right tabular-nums">{formatNumber(stats.winnerSend.clicked)}</TD>
              <TD className="px-3! text-right tabular-nums">{formatRate(stats.winnerSend.clickRate)}</TD>
              <TD className="pl-3! text-right whitespace-nowrap">
                <span className="text-xs text-slate-500">Winner&apos;s send</span>
              </TD>
            </TR>
          )}
        </TBody>
      </Table>
    </>
  );
}

/** Variants as the marketer sees them: A, B, C… in the broadcast's order (their ids are internal). */
export function labelOf(stats: VariantStats, id: string): string {
  const i = stats.variants.findIndex((v) => v.id === id);
  return i >= 0 && i < 26 ? String.fromCharCode(65 + i) : id;
}
