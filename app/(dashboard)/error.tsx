"use client";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertIcon } from "@/components/ui/icons";

export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <Card>
      <EmptyState
        icon={<AlertIcon className="size-5" />}
        title="This page could not load"
        description="Something went wrong on our side. Try again; if it keeps happening, the server log has the details."
        action={<Button onClick={reset}>Try again</Button>}
      />
    </Card>
  );
}
