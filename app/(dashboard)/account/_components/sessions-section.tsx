"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { endOtherSessionsAction, endSessionAction } from "../actions";
import { useAction } from "@/components/ui/use-action";

export type SessionRow = {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
};

export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const router = useRouter();
  const toast = useToast();
  const [confirmAll, setConfirmAll] = useState(false);
  const [ending, setEnding] = useState<string>();
  const endOne = useAction(endSessionAction);
  const endOthers = useAction(endOtherSessionsAction);
  const others = sessions.filter((s) => !s.current).length;

  async function signOut(session: SessionRow) {
    setEnding(session.id);
    const done = await endOne.run({ sessionId: session.id });
    setEnding(undefined);
    if (done) toast.success(`${session.device} signed out.`);
    // Either way the list is refreshed: a session that had already ended (NOT_FOUND) leaves it too.
    router.refresh();
  }

  async function signOutOthers() {
    const done = await endOthers.run({});
    if (!done) return;
    setConfirmAll(false);
    toast.success(`${done.ended} other session${done.ended === 1 ? "" : "s"} signed out.`);
    router.refresh();
  }

  return (
    <Card>
      <CardHeader
        title="Sessions"
        description="Where you are signed in. Sign out a device you no longer use or do not recognise."
        actions={
          <Button variant="secondary" disabled={others === 0} onClick={() => setConfirmAll(true)}>
            Sign out all other sessions
          </Button>
        }
      />
      {endOne.error && (
        <Notice tone="error" className="mx-5 mt-4">
          {endOne.error}
        </Notice>
      )}
      <div className="overflow-x-auto">
        <Table aria-label="Active sessions">
          <THead>
            <TR>
              <TH>Device</TH>
              <TH>IP address</TH>
              <TH>Signed in</TH>
              <TH>Last seen</TH>
              <TH>
                <span className="sr-only">Actions</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {sessions.map((session) => (
              <TR key={session.id}>
                <TD>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{session.device}</span>
                    {session.current && <Badge tone="green">This device</Badge>}
                  </span>
                </TD>
                <TD className="text-slate-600">{session.ipAddress ?? "Unknown"}</TD>
                <TD>
                  <RelativeTime iso={session.signedInAt} />
                </TD>
                <TD>
                  <RelativeTime iso={session.lastSeenAt} />
                </TD>
                <TD className="text-right">
                  {!session.current && (
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={ending === session.id}
                      onClick={() => signOut(session)}
                    >
                      Sign out
                    </Button>
                  )}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      <ConfirmDialog
        open={confirmAll}
        onClose={() => setConfirmAll(false)}
        onConfirm={signOutOthers}
        title="Sign out all other sessions?"
        description={`${others} other session${others === 1 ? "" : "s"} will be signed out at once. This device stays signed in.`}
        confirmLabel="Sign out other sessions"
        pending={endOthers.pending}
        error={endOthers.error}
      />
    </Card>
  );
}
