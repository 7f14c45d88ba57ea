import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toLocalInputValue } from "../../../lib/local-time";
import { earliestFounderSchedule } from "../lib/schedule";
import { ScheduleFounderDialog } from "./schedule-founder-dialog";

function renderDialog(onSchedule = vi.fn()) {
  render(
    <ScheduleFounderDialog
      open
      onOpenChange={() => {}}
      to="mia@orbit.example"
      subject="Hello"
      body="Hi Mia"
      busy={false}
      onSchedule={onSchedule}
    />,
  );
  return onSchedule;
}

describe("ScheduleFounderDialog", () => {
  it("starts at tomorrow 07:30 and schedules that time", () => {
    const onSchedule = renderDialog();
    const earliest = toLocalInputValue(earliestFounderSchedule());

    const picker = screen.getByLabelText("Scheduled Time") as HTMLInputElement;
    expect(picker.value).toBe(earliest);
    expect(picker.min).toBe(earliest);
    expect(screen.getByRole("region", { name: "Preview" }).textContent).toContain(
      "To: mia@orbit.example",
    );
    fireEvent.click(screen.getByRole("button", { name: "Schedule Email" }));

    expect(onSchedule).toHaveBeenCalledWith(earliestFounderSchedule());
  });

  it("refuses a time before tomorrow 07:30", () => {
    const onSchedule = renderDialog();
    const today = new Date();
    today.setHours(7, 30, 0, 0);

    fireEvent.change(screen.getByLabelText("Scheduled Time"), {
      target: { value: toLocalInputValue(today) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Schedule Email" }));

    expect(screen.getByRole("alert").textContent).toBe(
      "Founder emails can be scheduled from tomorrow at 07:30 onward.",
    );
    expect(onSchedule).not.toHaveBeenCalled();
  });
});
