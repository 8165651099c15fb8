// ANY /api/v1/* – unknown API paths answer a problem body, never an HTML page
import { unknownPath } from "@/server/http/with-api-key";

export const { GET, POST, PUT, PATCH, DELETE } = unknownPath();
