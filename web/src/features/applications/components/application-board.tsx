import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type Application,
  type ApplicationStage,
} from "@reachout/contract/applications";
import { useEffect, useState } from "react";
import { cn } from "../../../lib/cn";
import { ApplicationCard, ApplicationCardView } from "./application-card";

/**
 * Arrow keys jump a picked-up card to the next stage's column (dnd-kit's default moves a few
 * pixels per press, which would take dozens of presses between columns). Next means the next
 * stage in order, not the next column on screen: on a phone the columns are stacked, so the
 * next stage is below; right and down both go forward, left and up back.
 */
const FORWARD = new Set(["ArrowRight", "ArrowDown"]);
const BACKWARD = new Set(["ArrowLeft", "ArrowUp"]);
const stageCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = FORWARD.has(event.code) ? 1 : BACKWARD.has(event.code) ? -1 : 0;
  const { collisionRect, over, droppableRects } = context;
  if (step === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const index = APPLICATION_STAGES.indexOf(over?.id as ApplicationStage);
  if (index < 0) return undefined;
  const stage =
    APPLICATION_STAGES[Math.min(APPLICATION_STAGES.length - 1, Math.max(0, index + step))];
  const target = stage ? droppableRects.get(stage) : undefined;
  if (!target) return undefined;
  // The card goes just under the target column's heading (or to its middle when the column is
  // shorter than the card), so it is over that column and no other, however long the column.
  const centreX = target.left + target.width / 2;
  const centreY = target.top + Math.min(target.height / 2, collisionRect.height / 2 + 40);
  return {
    x: currentCoordinates.x + centreX - (collisionRect.left + collisionRect.width / 2),
    y: currentCoordinates.y + centreY - (collisionRect.top + collisionRect.height / 2),
  };
};

const stageName = (id: unknown) =>
  APPLICATION_STAGE_LABELS[id as ApplicationStage] ?? String(id ?? "");

function Column({
  stage,
  count,
  children,
}: {
  stage: ApplicationStage;
  count: number;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = `stage-${stage}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-stage={stage}
      data-over={isOver || undefined}
      className={cn(
        "flex min-h-24 min-w-0 flex-col gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-2 transition-colors lg:min-h-64",
        isOver && "border-brand-400 bg-brand-50",
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between px-1 text-sm font-semibold">
        <span>{APPLICATION_STAGE_LABELS[stage]}</span>
        <span className="rounded-full bg-white px-2 text-xs font-medium text-slate-500">
          {count}
        </span>
      </h2>
      {count === 0 ? (
        <p className="px-1 py-3 text-center text-xs text-slate-500">No applications here yet</p>
      ) : (
        children
      )}
    </section>
  );
}

export interface ApplicationBoardProps {
  applications: Application[];
  onMove: (application: Application, stage: ApplicationStage) => void;
  onLinkContacts: (application: Application) => void;
  onDelete: (application: Application) => void;
}

/** One column per stage; cards move by drag and drop (pointer or keyboard) or the stage menu. */
export function ApplicationBoard({
  applications,
  onMove,
  onLinkContacts,
  onDelete,
}: ApplicationBoardProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  // A card moved with the keyboard is drawn anew in its new column, and focus fell to <body>:
  // its handle takes focus again once the card shows there, so the next move is one key away.
  const [refocus, setRefocus] = useState<{ id: string; stage: ApplicationStage } | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const moved = applications.find((application) => application.id === refocus.id);
    if (moved?.stage !== refocus.stage) return;
    document
      .querySelector<HTMLElement>(
        `[data-application-id="${refocus.id}"] button[aria-label^="Move "]`,
      )
      ?.focus();
    setRefocus(null);
  }, [refocus, applications]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stageCoordinates }),
  );
  const byId = new Map(applications.map((application) => [application.id, application]));
  const nameOf = (id: unknown) => {
    const application = byId.get(String(id));
    return application ? `${application.role} at ${application.company}` : "the application";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the left and right arrow keys to choose a stage, space to drop, escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over ${stageName(over.id)}.`
        : `${nameOf(active.id)} is not over a stage.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} moved to ${stageName(over.id)}.`
        : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const drop = ({ active, over, activatorEvent }: DragEndEvent) => {
    setActiveId(null);
    const application = byId.get(String(active.id));
    if (!application || !over) return;
    const stage = over.id as ApplicationStage;
    if (stage === application.stage) return;
    if (activatorEvent instanceof KeyboardEvent) setRefocus({ id: application.id, stage });
    onMove(application, stage);
  };

  const active = activeId ? byId.get(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move an application, press space or enter on its handle, choose a stage with the left and right arrow keys, then press space again.",
        },
      }}
      onDragStart={({ active: dragged }) => setActiveId(String(dragged.id))}
      onDragOver={({ over, activatorEvent }) => {
        // A keyboard move on a phone can go to a stacked column below the fold: bring it on screen.
        if (over && activatorEvent instanceof KeyboardEvent) {
          document
            .querySelector(`[data-stage="${String(over.id)}"]`)
            ?.scrollIntoView({ block: "nearest" });
        }
      }}
      onDragCancel={() => setActiveId(null)}
      onDragEnd={drop}
    >
      {/* Never a sideways-scrolling board: dnd-kit's keyboard sensor scrolls a scrollable board
          instead of moving the card, and a phone cut the second column off. The columns wrap
          instead: stacked on a phone, two or three a row on a tablet, six on a wide screen. */}
      <div className="grid grid-cols-1 gap-3 pb-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-6">
        {APPLICATION_STAGES.map((stage) => {
          const cards = applications.filter((application) => application.stage === stage);
          return (
            <Column key={stage} stage={stage} count={cards.length}>
              {cards.map((application) => (
                <ApplicationCard
                  key={application.id}
                  application={application}
                  onMove={(next) => onMove(application, next)}
                  onLinkContacts={() => onLinkContacts(application)}
                  onDelete={() => onDelete(application)}
                />
              ))}
            </Column>
          );
        })}
      </div>
      <DragOverlay>
        {active ? (
          // A picture of the card under the pointer: screen readers follow the announcements.
          <div aria-hidden>
            <ApplicationCardView
              application={active}
              onMove={() => undefined}
              onLinkContacts={() => undefined}
              onDelete={() => undefined}
              isOverlay
            />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
