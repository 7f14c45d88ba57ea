import { constants, createInflateRaw } from "node:zlib";

/**
 * How many bytes raw deflate data inflates to, counting at most `limit + 1` and keeping none of
 * them. Corrupt or truncated data counts what it produced before failing, which is exactly
 * what a parser reading it would have had to hold.
 */
export function inflatedSize(
  deflated: Buffer,
  limit: number,
  /** Sees each inflated chunk (a scanner); the chunks are not kept. */
  inspect?: (chunk: Buffer) => void,
): Promise<number> {
  return new Promise((resolve) => {
    let size = 0;
    const inflate = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH });
    const finish = () => {
      inflate.removeAllListeners("data");
      inflate.destroy();
      resolve(size);
    };
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      inspect?.(chunk);
      if (size > limit) finish();
    });
    inflate.once("end", finish);
    inflate.once("error", finish);
    inflate.end(deflated);
  });
}
