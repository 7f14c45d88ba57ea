import { LOCAL_KEYS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import type { Startup } from "@reachout/contract/startups";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../../lib/use-session";
import { AccessGate } from "./access-gate";
import { FounderComposer } from "./founder-composer";

const STARTUP: Startup = {
  id: "s1",
  org_name: "Orbit Labs",
  org_url: "https://startupdata.example/organization/orbit-labs",
  location: "Austin, Texas, United States",
  funding_type: "Seed",
  money_raised: 3_000_000,
  announced_date: "2025-01-10",
  founders: [],
};
const MIA = {
  id: "f1",
  person_name: "Mia Chen",
  person_title: "Co-Founder & CEO",
  person_linkedin: "https://www.linkedin.example/in/mia-chen",
  person_profile_url: null,
};

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[];

function mockApi(answer: (call: Call) => { status: number; json: unknown }) {
  calls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const call = { url: String(input), body: JSON.parse(String(init?.body ?? "{}")) };
    calls.push(call);
    const { status, json } = answer(call);
    return new Response(JSON.stringify(json), { status });
  });
}

function renderComposer(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FounderComposer
        target={{ startup: STARTUP, founder: MIA }}
        userId="u1"
        onClose={onClose}
        onNeedGmail={() => false}
      />
    </QueryClientProvider>,
  );
  return onClose;
}

const written = (subject: string, body: string) => ({
  status: 200,
  json: { subject, body, format_used: "founder", writer: "offline" },
});

beforeEach(() => {
  localStorage.setItem(LOCAL_KEYS.customIntro, "I built a rover at Cornell.");
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("FounderComposer", () => {
  it("opens with the stored intro, writes a first email and shows the founder", async () => {
    mockApi(() => written("Congrats on the seed", "Hi Mia, ..."));
    renderComposer();
    expect(screen.getByRole("dialog", { name: /Mia Chen/ })).toBeTruthy();
    expect(screen.getByText("Co-Founder & CEO at Orbit Labs")).toBeTruthy();
    expect((screen.getByLabelText("Custom Intro (optional)") as HTMLTextAreaElement).value).toBe(
      "I built a rover at Cornell.",
    );
    await waitFor(() =>
      expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe(
        "Congrats on the seed",
      ),
    );
    expect(calls[0].url).toBe("/api/startups/generate_email");
    expect(calls[0].body).toMatchObject({
      org_name: "Orbit Labs",
      user_id: "u1",
      email_format: "original",
    });
    expect(calls[0].body.custom_intro).toBeUndefined();
  });

  it("saves the intro on change, removes it when emptied and sends it with Precision Email", async () => {
    mockApi(() => written("Subject", "Body"));
    renderComposer();
    await waitFor(() => expect(calls).toHaveLength(1));
    const intro = screen.getByLabelText("Custom Intro (optional)");
    fireEvent.change(intro, { target: { value: "" } });
    expect(localStorage.getItem(LOCAL_KEYS.customIntro)).toBeNull();
    fireEvent.change(intro, { target: { value: "We met at demo day." } });
    expect(localStorage.getItem(LOCAL_KEYS.customIntro)).toBe("We met at demo day.");
    await waitFor(() =>
      expect(
        (screen.getByRole("button", { name: /Precision Email/ }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(screen.getByRole("button", { name: /Precision Email/ }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toMatchObject({
      email_format: "precision",
      custom_intro: "We met at demo day.",
    });
  });

  it("shows the failure inline and keeps Send and Schedule off while subject or body is blank", async () => {
    mockApi(() => ({ status: 400, json: { detail: MESSAGES.startups.noResume } }));
    renderComposer();
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      MESSAGES.startups.noResume,
    );
    expect((screen.getByRole("button", { name: /Send Email/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole("button", { name: /Schedule/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Hello" } });
    fireEvent.change(screen.getByLabelText("Email Body"), { target: { value: "   " } });
    expect((screen.getByRole("button", { name: /Send Email/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("looks the address up by LinkedIn, sends and closes", async () => {
    mockApi(({ url }) => {
      if (url.endsWith("/lookup_email"))
        return { status: 200, json: { email: "mia@orbitlabs.example" } };
      if (url.endsWith("/send_email")) {
        return {
          status: 200,
          json: {
            message: "ok",
            email_id: "e",
            contact_id: "c",
            status: "sent",
            scheduled_at: null,
          },
        };
      }
      return written("Congrats", "Hi Mia");
    });
    const onClose = renderComposer();
    await waitFor(() =>
      expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe("Congrats"),
    );
    fireEvent.click(screen.getByRole("button", { name: /Send Email/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.url.replace("/api/startups/", ""))).toEqual([
      "generate_email",
      "lookup_email",
      "send_email",
    ]);
    expect(calls[1].body).toEqual({ linkedin_url: MIA.person_linkedin, user_id: "u1" });
    expect(calls[2].body).toMatchObject({
      founder_email: "mia@orbitlabs.example",
      subject: "Congrats",
    });
  });
});

describe("AccessGate", () => {
  it("shows the list as is with access", () => {
    render(
      <MemoryRouter>
        <AccessGate locked={false}>
          <button type="button">Show Founders</button>
        </AccessGate>
      </MemoryRouter>,
    );
    expect(screen.getByRole("button", { name: "Show Founders" })).toBeTruthy();
    expect(screen.queryByText("Early Access Required")).toBeNull();
  });

  it("blurs and disables the list behind the overlay without access, blocking copy and menus", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <MemoryRouter>
            <AccessGate locked>
              <p>Orbit Labs</p>
            </AccessGate>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { name: "Early Access Required" })).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Already have access? Go to My Network" }),
    ).toHaveProperty("pathname", "/my-network");
    const list = screen.getByTestId("startup-list-locked");
    expect(list.hasAttribute("inert")).toBe(true);
    expect(list.className).toContain("blur");
    for (const type of ["copy", "cut", "paste", "contextmenu", "selectstart"]) {
      const event = new Event(type, { bubbles: true, cancelable: true });
      list.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    }
  });
});
