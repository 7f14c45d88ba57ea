import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub";
import { renderWithApp } from "../../../test/render";
import { signIn } from "../../../test/session";
import { UnfinishedConnectionCard } from "./copy-mode-choice";

const unfinished = (provider: "gmail" | "microsoft") =>
  stubFetch({
    "/api/auth/mailbox/status": json(200, {
      provider: null,
      connected: false,
      address: null,
      unfinished_connection: true,
      unfinished_provider: provider,
    }),
  });

beforeEach(() => signIn({ id: "7d1e3c59-0d0e-4c57-9a53-5d1b8d1c2f10", email: "ada@uni.example" }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it("asks about Gmail after a Gmail connection that never came back, and offers Outlook", async () => {
  unfinished("gmail");
  renderWithApp(<UnfinishedConnectionCard />);
  expect(await screen.findByRole("heading", { name: "Did connecting Gmail work?" })).toBeTruthy();
  expect(screen.getByText(/admin_policy_enforced/)).toBeTruthy();
  expect(screen.getByRole("button", { name: "Connect Outlook" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Connect another Gmail" })).toBeTruthy();
});

it("asks about Outlook after an Outlook connection that never came back, and offers Gmail", async () => {
  unfinished("microsoft");
  renderWithApp(<UnfinishedConnectionCard />);
  expect(await screen.findByRole("heading", { name: "Did connecting Outlook work?" })).toBeTruthy();
  expect(screen.getByText(/Need admin approval/)).toBeTruthy();
  expect(screen.queryByText(/Gmail work/)).toBeNull();
  expect(screen.getByRole("button", { name: "Connect Gmail" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Connect another Outlook account" })).toBeTruthy();
});
