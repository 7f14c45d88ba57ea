import {
  CAREER_STAGE_LABELS,
  CAREER_STAGES,
  type CareerGoal,
  type CareerStage,
  SEASONS,
  SEEKING_KINDS,
  SEEKING_LABELS,
  type Season,
  type SeekingKind,
} from "@reachout/contract/goal";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { FormFooter } from "../../../components/ui/form-footer";
import { Label, TextField } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useCareerGoal, useSaveCareerGoal } from "../api/career-goal";

const ASAP = "asap";

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** "Summer 2027", or "As soon as possible" when the goal names no start. */
const startOf = (goal: CareerGoal) =>
  goal.season && goal.year ? `${goal.season} ${goal.year}` : "As soon as possible";

interface Draft {
  seeking: SeekingKind;
  season: Season | typeof ASAP;
  year: string;
  roles: string;
  industries: string;
  locations: string;
  stage: CareerStage;
}

const draftOf = (goal: CareerGoal): Draft => ({
  seeking: goal.seeking,
  season: goal.season ?? ASAP,
  year: goal.year?.toString() ?? "",
  roles: goal.roles.join(", "),
  industries: goal.industries.join(", "),
  locations: goal.locations.join(", "),
  stage: goal.stage,
});

const goalOf = (draft: Draft): CareerGoal => {
  const season = draft.season === ASAP ? null : draft.season;
  const asap = season === null;
  return {
    seeking: draft.seeking,
    season,
    year: asap || draft.year.trim() === "" ? null : Number(draft.year),
    roles: list(draft.roles),
    industries: list(draft.industries),
    locations: list(draft.locations),
    stage: draft.stage,
  };
};

function GoalSummary({ goal }: { goal: CareerGoal }) {
  const rows: Array<[string, string]> = [
    ["Looking for", SEEKING_LABELS[goal.seeking]],
    ["Starting", startOf(goal)],
    ["Roles", goal.roles.join(", ") || "Any"],
    ["Industries", goal.industries.join(", ") || "Any"],
    ["Locations", goal.locations.join(", ") || "Anywhere"],
    ["Where you are", CAREER_STAGE_LABELS[goal.stage]],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="text-slate-500">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function GoalForm({ goal, onDone }: { goal: CareerGoal; onDone: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(goal));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCareerGoal();
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (draft.season !== ASAP && !/^\d{4}$/.test(draft.year.trim())) {
      setProblem("Give the year you want to start, or choose As soon as possible.");
      return;
    }
    save.mutate(goalOf(draft), {
      onSuccess: () => {
        toast.success("Saved. Every email now asks for what you're looking for.");
        onDone();
      },
      onError: (error) => setProblem(errorDetail(error, "That didn't save. Please try again.")),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-seeking`}>Looking for</Label>
          <Select
            id={`${id}-seeking`}
            value={draft.seeking}
            onChange={(event) => set("seeking", event.target.value as SeekingKind)}
          >
            {SEEKING_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {SEEKING_LABELS[kind]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-stage`}>Where you are</Label>
          <Select
            id={`${id}-stage`}
            value={draft.stage}
            onChange={(event) => set("stage", event.target.value as CareerStage)}
          >
            {CAREER_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {CAREER_STAGE_LABELS[stage]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-season`}>Starting</Label>
          <Select
            id={`${id}-season`}
            value={draft.season}
            onChange={(event) => set("season", event.target.value as Draft["season"])}
          >
            <option value={ASAP}>As soon as possible</option>
            {SEASONS.map((season) => (
              <option key={season} value={season}>
                {season}
              </option>
            ))}
          </Select>
        </div>
        <TextField
          id={`${id}-year`}
          label="Year"
          type="number"
          inputMode="numeric"
          placeholder="e.g. 2027"
          disabled={draft.season === ASAP}
          value={draft.season === ASAP ? "" : draft.year}
          onChange={(event) => set("year", event.target.value)}
        />
      </div>
      <TextField
        id={`${id}-roles`}
        label="Roles"
        hint="Separate them with commas, e.g. data analyst, business analyst"
        value={draft.roles}
        onChange={(event) => set("roles", event.target.value)}
      />
      <TextField
        id={`${id}-industries`}
        label="Industries"
        hint="e.g. healthcare, consulting"
        value={draft.industries}
        onChange={(event) => set("industries", event.target.value)}
      />
      <TextField
        id={`${id}-locations`}
        label="Locations"
        hint="e.g. Chicago, remote"
        value={draft.locations}
        onChange={(event) => set("locations", event.target.value)}
      />
      <FormFooter error={problem} onCancel={onDone} busy={save.isPending}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
      </FormFooter>
    </form>
  );
}

/**
 * "What you're looking for": the goal every email asks for (issue 36). Until the student saves
 * one, it shows what Reachout read from the resume and today's date, marked as a suggestion.
 */
export function GoalCard() {
  const goal = useCareerGoal();
  const [editing, setEditing] = useState(false);
  const shown = goal.data ? (goal.data.goal ?? goal.data.suggested) : null;
  return (
    <Card role="region" aria-labelledby="goal-card-title">
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 id="goal-card-title" className="text-lg font-semibold text-slate-900">
            What you're looking for
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {goal.data && !goal.data.goal
              ? "Suggested from your resume and today's date. Confirm or change it: every email asks for what you save here."
              : "Every email asks for what you save here."}
          </p>
        </div>
        {shown && !editing ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {goal.data?.goal ? "Edit" : "Review and confirm"}
          </Button>
        ) : null}
      </div>
      {goal.isPending ? (
        <p className="text-sm text-slate-500">Loading...</p>
      ) : goal.isError || !shown ? (
        <p role="alert" className="text-sm text-red-700">
          {errorDetail(goal.error, "Your goal could not be loaded. Please reload the page.")}
        </p>
      ) : editing ? (
        <GoalForm goal={shown} onDone={() => setEditing(false)} />
      ) : (
        <GoalSummary goal={shown} />
      )}
    </Card>
  );
}
