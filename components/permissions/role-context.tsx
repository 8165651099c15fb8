"use client";
// The signed-in person's role in the current workspace, for the client components that decide whether to show a
// button: the same table (lib/permissions) the server enforces, so no button leads only to a refusal. The server
// still checks every action; this only keeps the page honest about what it offers.
import { createContext, useContext, type ReactNode } from "react";
import { can, type Area, type Role } from "@/lib/permissions";

// Outside a provider nothing is offered: a missing provider hides buttons rather than showing refused ones.
const RoleContext = createContext<Role>("viewer");

export function RoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

export function useRole(): Role {
  return useContext(RoleContext);
}

/** True when the current role reaches `area`. */
export function useCan(area: Area): boolean {
  return can(useContext(RoleContext), area);
}
