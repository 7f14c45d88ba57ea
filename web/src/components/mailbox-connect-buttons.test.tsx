import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { json, stubFetch } from "../test/fetch-stub";
import { renderWithApp } from "../test/render";
import { signIn, stubLocation, TEST_TOKEN as TOKEN } from "../test/session";
import { MailboxConnectButtons } from "./mailbox-connect-buttons";

let assign: Mock<Location["assign"]>;

function renderButtons(status: unknown, connected: boolean) {
  stubFetch({ "/api/auth/mailbox/status": json(200, status) });
  renderWithApp(<MailboxConnectButtons connected={connected} />);
}

beforeEach(() => {
  signIn();
  assign = vi.fn<Location["assign"]>();
  stubLocation({ assign });
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("MailboxConnectButtons", () => {
  it("offers Connect Gmail and Connect Outlook side by side; Outlook goes to Microsoft's flow", async () => {
    renderButtons(
      { provider: null, connected: false, address: null, unfinished_connection: false },
      false,
    );
    expect(screen.getByRole("button", { name: "Connect Gmail" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Connect Outlook" }));
    expect(assign).toHaveBeenCalledWith(`/api/auth/microsoft/start?t=${encodeURIComponent(TOKEN)}`);
  });

  it("asks before replacing a connected Gmail with Outlook, and switches only when confirmed", async () => {
    renderButtons(
      {
        provider: "gmail",
        connected: true,
        address: "ada@gmail.example",
        unfinished_connection: false,
      },
      true,
    );
    await screen.findByRole("button", { name: "Reconnect Gmail" });
    await vi.waitFor(() =>
      expect(screen.getByRole("button", { name: "Connect Outlook" })).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole("button", { name: "Connect Outlook" }));
    const ask = screen.getByRole("alertdialog", { name: "Switch to Outlook?" });
    // The address comes with the mailbox status, read after the schemas load (a dynamic
    // import that takes over a second on a busy machine).
    await vi.waitFor(
      () => expect(ask.textContent).toContain("replaces your Gmail (ada@gmail.example)"),
      { timeout: 5000 },
    );
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Keep Gmail" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Connect Outlook" }));
    fireEvent.click(screen.getByRole("button", { name: "Switch to Outlook" }));
    expect(assign).toHaveBeenCalledWith(
      `/api/auth/microsoft/start?t=${encodeURIComponent(TOKEN)}&switch=true`,
    );
  });

  it("reconnects Outlook without asking when Outlook is the mailbox", async () => {
    renderButtons(
      {
        provider: "microsoft",
        connected: false,
        address: "ada@outlook.example",
        unfinished_connection: false,
      },
      false,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Reconnect Outlook" }));
    expect(assign).toHaveBeenCalledWith(`/api/auth/microsoft/start?t=${encodeURIComponent(TOKEN)}`);
  });
});
