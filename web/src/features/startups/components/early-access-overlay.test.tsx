import { MESSAGES } from "@reachout/contract/messages";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../../lib/use-session";
import { json } from "../../../test/fetch-stub";
import { EarlyAccessOverlay } from "./early-access-overlay";

let fetchSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchSpy = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => json(404, { detail: "Not found" }));
});
afterEach(() => fetchSpy.mockRestore());

function renderOverlay() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <MemoryRouter>
          <EarlyAccessOverlay />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

function signIn() {
  localStorage.setItem("token", "header.eyJzdWIiOiJ1MSJ9.sig");
  localStorage.setItem("user", JSON.stringify({ id: "u1", email: "ada@uni.example", name: "Ada" }));
}

async function join() {
  fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Ada Lovelace" } });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@uni.example" } });
  fireEvent.click(screen.getByRole("button", { name: "Join the Waitlist" }));
  return (await screen.findByRole("status")).textContent;
}

describe("EarlyAccessOverlay", () => {
  it("answers a new waitlist entry with the spec's success text (§8)", async () => {
    fetchSpy.mockResolvedValueOnce(json(201, { message: "ok" }));
    renderOverlay();
    expect(await join()).toBe(MESSAGES.waitlist.success);
  });

  it("answers a 409 with the spec's already-signed-up text (§8)", async () => {
    fetchSpy.mockResolvedValueOnce(json(409, { detail: "exists" }));
    renderOverlay();
    expect(await join()).toBe(MESSAGES.waitlist.duplicate);
  });

  it("tells a signed-in user which plan opens it, with a link to Pricing", () => {
    signIn();
    renderOverlay();
    expect(screen.getByText(/included in the Black plan \(\$125\/month\)/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "See plans on Pricing" }).getAttribute("href")).toBe(
      "/pricing",
    );
  });
});
