import type { TargetPosition } from "@reachout/contract/agent";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PositionForm } from "./position-form";

type Call = { url: string; method: string; body: Record<string, unknown> };
let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "{}"));
      calls.push({ url, method: init.method ?? "GET", body });
      const position: TargetPosition = {
        id: crypto.randomUUID(),
        is_active: true,
        contacts_found_count: 0,
        last_searched_at: null,
        created_at: new Date().toISOString(),
        ...body,
      };
      return new Response(JSON.stringify(position), { status: init.method === "PUT" ? 200 : 201 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(props: { credits?: number; editing?: TargetPosition | null } = {}) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PositionForm credits={props.credits ?? 10} editing={props.editing ?? null} onDone={onDone} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onDone };
}

const pickRole = (name: string) => {
  fireEvent.change(screen.getByLabelText("Filter roles"), { target: { value: name } });
  fireEvent.click(screen.getByRole("checkbox", { name }));
  fireEvent.change(screen.getByLabelText("Filter roles"), { target: { value: "" } });
};
const add = () => fireEvent.click(screen.getByRole("button", { name: /Add Target Position/ }));

describe("PositionForm", () => {
  it("asks for a role first, then a location, and sends nothing until both are there", async () => {
    renderForm();
    add();
    expect(await screen.findByText("Please select at least one target position")).toBeTruthy();
    pickRole("Data Analyst");
    add();
    expect(await screen.findByText("Please enter a location")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("sends one POST per selected role, then resets to the defaults", async () => {
    const { onDone } = renderForm();
    pickRole("Software Engineering Intern");
    pickRole("Data Science Intern");
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: " Boston " } });
    fireEvent.change(screen.getByLabelText("Priority"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Search frequency"), { target: { value: "48" } });
    add();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      [
        "POST",
        "/api/target_positions",
        {
          job_title: "Software Engineering Intern",
          location: "Boston",
          priority: 2,
          search_frequency_hours: 48,
        },
      ],
      [
        "POST",
        "/api/target_positions",
        {
          job_title: "Data Science Intern",
          location: "Boston",
          priority: 2,
          search_frequency_hours: 48,
        },
      ],
    ]);
    expect((screen.getByLabelText("Location") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Priority") as HTMLSelectElement).value).toBe("1");
    expect((screen.getByLabelText("Search frequency") as HTMLSelectElement).value).toBe("12");
    expect(screen.getByText("No roles selected")).toBeTruthy();
  });

  it("disables Add below 3 credits and says why", () => {
    renderForm({ credits: 2 });
    expect(
      (screen.getByRole("button", { name: /Add Target Position/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText("You need at least 3 credits to use AI Agent.")).toBeTruthy();
  });

  it("edits a position prefilled, with PUT", async () => {
    const editing: TargetPosition = {
      id: "2f1d7f3e-3a57-4a8f-9c84-3d7a6b3c9e11",
      job_title: "Data Analyst",
      location: "Chicago",
      priority: 3,
      search_frequency_hours: 24,
      is_active: true,
      contacts_found_count: 4,
      last_searched_at: null,
      created_at: new Date().toISOString(),
    };
    const { onDone } = renderForm({ editing });
    expect((screen.getByLabelText("Location") as HTMLInputElement).value).toBe("Chicago");
    expect((screen.getByLabelText("Priority") as HTMLSelectElement).value).toBe("3");
    expect((screen.getByRole("radio", { name: "Data Analyst" }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "Denver" } });
    fireEvent.click(screen.getByRole("button", { name: /Save Changes/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: `/api/target_positions/${editing.id}`,
        method: "PUT",
        body: {
          job_title: "Data Analyst",
          location: "Denver",
          priority: 3,
          search_frequency_hours: 24,
        },
      },
    ]);
  });
});
