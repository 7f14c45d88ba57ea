import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog";

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Details">
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("returns focus to the control that opened it, whichever way it closes", async () => {
    render(<Opener />);
    const opener = screen.getByRole("button", { name: "Open details" });
    for (const close of [
      () => fireEvent.click(screen.getByRole("button", { name: "Done" })),
      () => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" }),
      () => fireEvent.click(screen.getByRole("button", { name: "Close" })),
    ]) {
      opener.focus();
      fireEvent.click(opener);
      await screen.findByRole("dialog", { name: "Details" });
      await waitFor(() =>
        expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true),
      );
      close();
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(document.activeElement).toBe(opener);
    }
  });
});
