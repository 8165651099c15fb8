// Tag limits the tags page shows at the field, without shipping zod to the browser; lib/schemas/tags.ts enforces them.
/** Longest tag name, in characters (the API's CreateTag/UpdateTag say the same). */
export const TAG_NAME_MAX = 100;
