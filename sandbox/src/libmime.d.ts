declare module "libmime" {
  /** Decodes RFC 2047 encoded-words ("=?UTF-8?Q?...?=") in a header value. */
  export function decodeWords(value: string): string;
  const libmime: { decodeWords: typeof decodeWords };
  export default libmime;
}
