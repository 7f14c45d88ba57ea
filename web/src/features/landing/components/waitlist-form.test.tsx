import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WaitlistForm } from "./waitlist-form";

let fetchSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, "fetch");
});
afterEach(() => {
  fetchSpy.mockRestore();
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WaitlistForm />
    </QueryClientProvider>,
  );
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Join the Waitlist" }));
  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { submit, type };
}

describe("WaitlistForm", () => {
  it("limits the phone input to 15 characters", () => {
    renderForm();
    expect(screen.getByLabelText(/Phone/)).toHaveProperty("maxLength", LIMITS.phoneMaxDigits);
  });

  it("shows what is missing, marks the fields invalid and sends nothing", () => {
    const { submit } = renderForm();
    submit();
    expect(screen.getByText("Enter your full name.")).toBeTruthy();
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
    expect(screen.getByLabelText("Full name").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Full name"));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses a phone with symbols with the spec's message (§5) and sends nothing", () => {
    const { submit, type } = renderForm();
    type(/Full name/, "Ada Lovelace");
    type(/Email/, "ada@uni.example");
    type(/Phone/, "212-555-0100");
    submit();
    expect(screen.getByText(MESSAGES.waitlist.phone)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Phone/));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("clears a field's message as soon as it is edited", () => {
    const { submit, type } = renderForm();
    submit();
    type(/Full name/, "A");
    expect(screen.queryByText("Enter your full name.")).toBeNull();
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
  });
});
