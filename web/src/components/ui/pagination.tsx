import { useState } from "react";
import { Button } from "./button";
import { Input } from "./input";

/** Parses a page-jump entry: a whole number from 1 to the page count, else null (ignored). */
export function parsePageJump(value: string, pageCount: number): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const page = Number(value);
  return page >= 1 && page <= pageCount ? page : null;
}

export function Pagination({
  page,
  pageCount,
  more = false,
  label = "Pagination",
  onPageChange,
}: {
  /** The landmark's name: a second pagination on a page needs its own. */
  label?: string;
  page: number;
  pageCount: number;
  /** More pages exist beyond those counted (a list longer than the server counts). */
  more?: boolean;
  onPageChange: (page: number) => void;
}) {
  const [jump, setJump] = useState("");
  const go = () => {
    const target = parsePageJump(jump, pageCount);
    if (target !== null) onPageChange(target);
    setJump("");
  };
  return (
    <nav className="flex flex-wrap items-center justify-center gap-2" aria-label={label}>
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      <span className="text-sm text-slate-600">
        Page {page} of {Math.max(1, pageCount)}
        {more ? "+" : ""}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
      <form
        className="flex items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          go();
        }}
      >
        <Input
          type="number"
          min={1}
          max={pageCount}
          value={jump}
          onChange={(event) => setJump(event.target.value)}
          className="h-8 w-20 py-1"
          placeholder="Page"
          aria-label="Go to page"
        />
        <Button type="submit" variant="secondary" size="sm">
          Go
        </Button>
      </form>
    </nav>
  );
}
