import { LOCAL_KEYS } from "@reachout/contract/constants";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "../test/fetch-stub";
import { renderWithApp } from "../test/render";
import { signIn, stubLocation, TEST_TOKEN as TOKEN } from "../test/session";
import { SetupPrompt } from "./setup-prompt";

function renderPrompt(missing: { resume: boolean; gmail: boolean }, onOpenChange = vi.fn()) {
  renderWithApp(<SetupPrompt open onOpenChange={onOpenChange} missing={missing} />);
  return onOpenChange;
}

beforeEach(() => {
  signIn();
  stubFetch();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("SetupPrompt", () => {
  it("names both missing steps with a way to fix each", () => {
    renderPrompt({ resume: true, gmail: true });
    const dialog = screen.getByRole("dialog", { name: "Complete Your Setup" });
    expect(within(dialog).getByRole("link", { name: "Upload Resume" }).getAttribute("href")).toBe(
      "/profile",
    );
    expect(within(dialog).getByRole("button", { name: "Connect Gmail" })).toBeTruthy();
    expect(within(dialog).getByText(/Upload your resume/).textContent).toContain("(missing)");
    expect(within(dialog).getByText(/Connect your Gmail or Outlook/).textContent).toContain(
      "(missing)",
    );
  });

  it("marks a finished step Complete and offers no action for it", () => {
    renderPrompt({ resume: false, gmail: true });
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).queryByRole("link", { name: "Upload Resume" })).toBeNull();
    expect(within(dialog).getByText(/Upload your resume/).textContent).toContain("(complete)");
    expect(within(dialog).getByText("Complete")).toBeTruthy();
  });

  it("starts the Gmail connection by POST (no token in a URL), then opens Google's page", async () => {
    const assign = vi.fn();
    stubLocation({ assign });
    const consent = "https://accounts.google.example/o/oauth2/v2/auth?state=s1";
    const fetchSpy = stubFetch({ "/api/auth/google/start": json(200, { url: consent }) });
    renderPrompt({ resume: false, gmail: true });
    fireEvent.click(screen.getByRole("button", { name: "Connect Gmail" }));
    expect(localStorage.getItem(LOCAL_KEYS.gmailConnecting)).toBe("true");
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(consent));
    const call = fetchSpy.mock.calls.find(([url]) => String(url) === "/api/auth/google/start");
    expect(call?.[1]?.method).toBe("POST");
    expect(((call?.[1]?.headers ?? {}) as Record<string, string>).authorization).toBe(
      `Bearer ${TOKEN}`,
    );
    for (const [url] of fetchSpy.mock.calls) expect(String(url)).not.toContain(TOKEN);
  });
});
