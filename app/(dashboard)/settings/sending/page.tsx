import { permanentRedirect } from "next/navigation";

/** Sending settings moved into Settings → Workspace; old links and bookmarks keep working. */
export default function SendingSettingsPage() {
  permanentRedirect("/settings/workspace");
}
