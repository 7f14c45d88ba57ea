import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { json, stubFetch } from "../test/fetch-stub";
import { renderWithApp } from "../test/render";
import { signIn, stubLocation, TEST_TOKEN as TOKEN } from "../test/session";
import { MailboxConnectButtons } from "./mailbox-connect-buttons";

let assign: Mock<Location["assign"]>;

const CONSENT = "https://login.microsoftonline.example/common/oauth2/v2.0/authorize?state=s1";
let starts: Array<{ url: string; body: unknown; authorization: string | undefined }>;

function renderButtons(status: unknown, connected: boolean) {
  starts = [];
  stubFetch({
    "/api/auth/mailbox/status": json(200, status),
    "/api/auth/microsoft/start": (url, init) => {
      starts.push({
        url,
        body: JSON.parse(String(init?.body)),
        authorization: ((init?.headers ?? {}) as Record<string, string>).authorization,
      });
      return json(200, { url: CONSENT });
    },
  });
  renderWithApp(<MailboxConnectButtons connected={connected} />);
}

/** The page asked the server by POST with its bearer header, then opened the consent page. */
async function expectOutlookStarted(body: unknown) {
  await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT));
  expect(starts).toEqual([
    { url: "/api/auth/microsoft/start", body, authorization: `Bearer ${TOKEN}` },
  ]);
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
    await expectOutlookStarted({});
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
    await expectOutlookStarted({ switch: true });
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
    await expectOutlookStarted({});
  });
});
