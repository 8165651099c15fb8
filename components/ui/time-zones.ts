// What a time-zone picker offers and how its search narrows it, for the workspace settings and the schedule dialog.

/** Intl.supportedValuesOf("timeZone") leaves UTC out, yet it is a workspace's default zone and a fair choice. */
const ALWAYS = ["UTC"];

/** The zones to offer: the runtime's IANA list, with UTC. */
export function zoneList(runtimeZones: readonly string[]): string[] {
  return [...ALWAYS.filter((z) => !runtimeZones.includes(z)), ...runtimeZones];
}

export type ZoneSearch = {
  /** The select's options: the matches, and the chosen zone first when it is not among them (a select must hold its value). */
  options: string[];
  /** How many zones of the list match the search (all of them without one); the chosen zone is not counted in. */
  matches: number;
  /** The list's length: the same whatever is chosen or typed. */
  total: number;
};

const normalise = (text: string) => text.trim().toLowerCase().replaceAll(" ", "_");

/** `zones` from zoneList; `selected` may be a zone the list lacks (an alias saved before the runtime's list changed). */
export function searchZones(zones: readonly string[], selected: string, query: string): ZoneSearch {
  const needle = normalise(query);
  const matching = needle ? zones.filter((z) => z.toLowerCase().includes(needle)) : [...zones];
  return {
    options: matching.includes(selected) ? matching : [selected, ...matching],
    matches: matching.length,
    total: zones.length,
  };
}

/** The picker's count, said the same way before and after a search. */
export function zoneCountText({ matches, total }: ZoneSearch, query: string): string {
  if (!query.trim()) return `${total} zones.`;
  return `${matches} of ${total} zones match.`;
}
