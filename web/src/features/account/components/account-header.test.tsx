import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub";
import { renderWithApp } from "../../../test/render";
import { signIn } from "../../../test/session";
import { AccountHeader } from "./account-header";

beforeEach(() => signIn());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it("says 1 credit in the singular and which mailbox sends", async () => {
  stubFetch({
    "/api/auth/mailbox/status": json(200, {
      provider: "microsoft",
      connected: true,
      address: "ada@uni.example",
      unfinished_connection: false,
    }),
  });
  renderWithApp(<AccountHeader email="ada@uni.example" credits={1} plan="free" />);
  expect(screen.getByTestId("account-summary").textContent).toContain("1 credit");
  expect(screen.getByTestId("account-summary").textContent).not.toContain("1 credits");
  expect((await screen.findByTestId("sending-mailbox")).textContent).toBe(
    "Emails go out from ada@uni.example (Outlook).",
  );
});

it("says 2 credits in the plural and that copy mode sends nothing itself", async () => {
  stubFetch({
    "/api/auth/mailbox/status": json(200, {
      provider: "manual",
      connected: false,
      address: null,
      unfinished_connection: false,
    }),
  });
  renderWithApp(<AccountHeader email="ada@uni.example" credits={2} plan="free" />);
  expect(screen.getByTestId("account-summary").textContent).toContain("2 credits");
  expect((await screen.findByTestId("sending-mailbox")).textContent).toContain("Copy mode");
});
