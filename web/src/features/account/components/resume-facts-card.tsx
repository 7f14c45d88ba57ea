import type { ResumeFacts } from "@reachout/contract/writer";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { FormFooter } from "../../../components/ui/form-footer";
import { Input, Label, Textarea } from "../../../components/ui/input";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import {
  useClearResumeCorrections,
  useCorrectResumeFacts,
  useResumeFacts,
} from "../api/resume-facts";

/**
 * The resume facts as editable text, one block per entry: a header line ("Employer | Role |
 * Dates"), then one bullet per line. What the student saves replaces what was read.
 */
type Draft = Record<
  | "name"
  | "contact"
  | "location"
  | "education"
  | "experiences"
  | "projects"
  | "leadership"
  | "skills"
  | "interests"
  | "publications",
  string
>;

const blocks = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
const cell = (value: string | undefined) => value?.trim() || null;
const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

function draftOf(facts: ResumeFacts): Draft {
  return {
    name: facts.name ?? "",
    contact: facts.contact_line ?? "",
    location: facts.location ?? "",
    education: facts.education
      .map((e) =>
        [e.school, e.degree ?? "", e.major ?? "", e.class_year ?? "", e.gpa ?? ""].join(" | "),
      )
      .join("\n"),
    experiences: facts.experiences
      .map((e) => [[e.employer, e.role ?? "", e.dates ?? ""].join(" | "), ...e.bullets].join("\n"))
      .join("\n\n"),
    projects: facts.projects.map((p) => [p.name, ...p.bullets].join("\n")).join("\n\n"),
    leadership: facts.leadership
      .map((l) => [[l.organization, l.role ?? ""].join(" | "), ...l.bullets].join("\n"))
      .join("\n\n"),
    skills: facts.skills.join(", "),
    interests: facts.interests.join(", "),
    publications: (facts.publications ?? []).join("\n"),
  };
}

function factsOf(draft: Draft): ResumeFacts {
  return {
    name: cell(draft.name),
    contact_line: cell(draft.contact),
    location: cell(draft.location),
    education: draft.education
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => {
        const [school, degree, major, year, gpa] = line.split("|");
        const classYear = Number(year?.trim());
        return {
          school: school.trim(),
          degree: cell(degree),
          major: cell(major),
          class_year: Number.isInteger(classYear) && classYear > 1950 ? classYear : null,
          gpa: cell(gpa),
        };
      }),
    experiences: blocks(draft.experiences).map(([header, ...bullets]) => {
      const [employer, role, dates] = header.split("|");
      return {
        employer: employer.trim(),
        role: cell(role),
        dates: cell(dates),
        location: null,
        bullets,
      };
    }),
    projects: blocks(draft.projects).map(([name, ...bullets]) => ({ name, bullets })),
    leadership: blocks(draft.leadership).map(([header, ...bullets]) => {
      const [organization, role] = header.split("|");
      return { organization: organization.trim(), role: cell(role), bullets };
    }),
    skills: list(draft.skills),
    interests: list(draft.interests),
    publications: draft.publications
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

const FIELDS: Array<{ key: keyof Draft; label: string; rows?: number; hint?: string }> = [
  { key: "name", label: "Name" },
  { key: "contact", label: "Contact line" },
  { key: "location", label: "Location" },
  {
    key: "education",
    label: "Education",
    rows: 2,
    hint: "One school a line: School | Degree | Major | Class year | GPA",
  },
  {
    key: "experiences",
    label: "Experience",
    rows: 8,
    hint: "Employer | Role | Dates, then one achievement a line; a blank line between entries",
  },
  {
    key: "projects",
    label: "Projects",
    rows: 4,
    hint: "Project name, then one line each; a blank line between projects",
  },
  {
    key: "leadership",
    label: "Leadership and clubs",
    rows: 4,
    hint: "Organization | Role, then one line each",
  },
  { key: "skills", label: "Skills", hint: "Comma-separated" },
  { key: "interests", label: "Interests", hint: "Comma-separated" },
  {
    key: "publications",
    label: "Publications and posters",
    rows: 3,
    hint: "One a line, as on your resume; a paper under review is never called published",
  },
];

export function ResumeFactsCard() {
  const facts = useResumeFacts(true);
  const correct = useCorrectResumeFacts();
  const clear = useClearResumeCorrections();
  const [draft, setDraft] = useState<Draft | null>(null);
  const id = useId();
  const data = facts.data?.facts;

  if (!data) return null;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    correct.mutate(factsOf(draft), {
      onSuccess: () => {
        toast.success("Saved. Your emails now use your corrections.");
        setDraft(null);
      },
      onError: (error) => toast.error(errorDetail(error, "Could not save your corrections.")),
    });
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            What Reachout read from your resume
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Your emails are written from these facts.{" "}
            {facts.data?.corrected
              ? "You corrected them; a new version of your resume keeps your corrections wherever the entry is still there."
              : "Correct anything we misread."}
          </p>
        </div>
        {draft ? null : (
          <div className="flex gap-2">
            {facts.data?.corrected ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => clear.mutate()}
                disabled={clear.isPending}
              >
                Use what Reachout read
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" onClick={() => setDraft(draftOf(data))}>
              Correct
            </Button>
          </div>
        )}
      </div>
      {draft ? (
        <form onSubmit={save} className="mt-4 space-y-3">
          {FIELDS.map((field) => (
            <div key={field.key}>
              <Label htmlFor={`${id}-${field.key}`}>{field.label}</Label>
              {field.rows ? (
                <Textarea
                  id={`${id}-${field.key}`}
                  rows={field.rows}
                  value={draft[field.key]}
                  onChange={(event) => {
                    // Each field from the draft as it now is, never the render's copy: two
                    // fields typed before a render would drop the first edit.
                    const value = event.target.value;
                    setDraft((current) => (current ? { ...current, [field.key]: value } : current));
                  }}
                />
              ) : (
                <Input
                  id={`${id}-${field.key}`}
                  value={draft[field.key]}
                  onChange={(event) => {
                    // Each field from the draft as it now is, never the render's copy: two
                    // fields typed before a render would drop the first edit.
                    const value = event.target.value;
                    setDraft((current) => (current ? { ...current, [field.key]: value } : current));
                  }}
                />
              )}
              {field.hint ? <p className="mt-1 text-xs text-slate-500">{field.hint}</p> : null}
            </div>
          ))}
          <FormFooter onCancel={() => setDraft(null)}>
            <Button type="submit" disabled={correct.isPending}>
              {correct.isPending ? "Saving..." : "Save corrections"}
            </Button>
          </FormFooter>
        </form>
      ) : (
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="resume-facts">
          <Fact label="Name">{data.name}</Fact>
          <Fact label="Location">{data.location}</Fact>
          <Fact label="Contact line">{data.contact_line}</Fact>
          <Fact label="Education">
            {data.education
              .map((e) =>
                [
                  e.school,
                  [e.degree, e.major].filter(Boolean).join(" "),
                  e.class_year,
                  e.gpa ? `GPA ${e.gpa}` : null,
                ]
                  .filter(Boolean)
                  .join(", "),
              )
              .join("; ")}
          </Fact>
          <Fact label="Experience" wide>
            {data.experiences.length ? (
              <ul className="space-y-2">
                {data.experiences.map((e) => (
                  <li key={`${e.employer}-${e.role}-${e.dates}`}>
                    <strong>{e.employer}</strong>
                    {e.role ? ` · ${e.role}` : ""}
                    {e.dates ? ` · ${e.dates}` : ""}
                    {e.location ? ` · ${e.location}` : ""}
                    {e.source ? (
                      <span className="ml-2 text-xs text-slate-500">
                        (page {e.source.page}, line {e.source.line})
                      </span>
                    ) : null}
                    <ul className="ml-4 list-disc text-slate-600">
                      {e.bullets.map((bullet) => (
                        <li key={bullet}>{bullet}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            ) : null}
          </Fact>
          <Fact label="Projects">{data.projects.map((p) => p.name).join(", ")}</Fact>
          <Fact label="Leadership and clubs">
            {data.leadership
              .map((l) => [l.organization, l.role].filter(Boolean).join(" · "))
              .join(", ")}
          </Fact>
          <Fact label="Skills">{data.skills.join(", ")}</Fact>
          <Fact label="Interests">{data.interests.join(", ")}</Fact>
          <Fact label="Publications and posters" wide>
            {data.publications?.length ? (
              <ul className="ml-4 list-disc text-slate-600">
                {data.publications.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            ) : null}
          </Fact>
        </dl>
      )}
    </Card>
  );
}

function Fact({
  label,
  children,
  wide,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const empty = children === null || children === "" || children === undefined;
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="text-slate-900">
        {empty ? <span className="text-slate-500">Not found</span> : children}
      </dd>
    </div>
  );
}
