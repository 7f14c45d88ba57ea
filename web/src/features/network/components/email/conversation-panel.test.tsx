import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConversationPanel } from "./conversation-panel";

const thread = {
  messages: [
    {
      id: "m1",
      sender: "user" as const,
      body: "Hello Grace",
      sent_at: "2026-03-02T14:05:00Z",
      kind: "message" as const,
      note: null,
    },
    {
      id: "m2",
      sender: "contact" as const,
      body: "Happy to chat Friday at 3pm.",
      sent_at: "2026-03-03T09:30:00Z",
      kind: "reply" as const,
      note: null,
    },
  ],
  subject: "Re: Hello",
  body: "Friday at 3pm works well.",
  status: "Responded" as const,
  message_count: 2,
  replied: true,
  email_status: "ok" as const,
};

afterEach(() => vi.restoreAllMocks());

describe("ConversationPanel", () => {
  it("scrolls to the newest message and says who wrote each one and when", () => {
    const scrollTo = vi.spyOn(HTMLElement.prototype, "scrollTo").mockImplementation(() => {});
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(900);
    render(
      <ConversationPanel thread={thread} isLoading={false} isError={false} firstName="Grace" />,
    );
    expect(scrollTo).toHaveBeenCalledWith({ top: 900 });
    expect(scrollTo.mock.contexts.at(-1)).toBe(screen.getByTestId("conversation-scroller"));
    const reply = screen.getByRole("article", { name: "Grace wrote" });
    expect(within(reply).getByText(/^Grace · /)).toBeTruthy();
    expect(within(reply).getByText("Happy to chat Friday at 3pm.")).toBeTruthy();
    expect(
      within(screen.getByRole("article", { name: "You wrote" })).getByText(/^You · /),
    ).toBeTruthy();
  });
});
