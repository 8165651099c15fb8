// The one shape of an upload's storage key, checked before any storage touches a path or a bucket URL.

/** Keys are only ever made by createUpload: "<workspace uuid>/<upload uuid>.<ext>". Anything else is refused. */
export const KEY_PATTERN =
  /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Refused upload storage key: ${JSON.stringify(key)}`);
}
