import type { ContactFileReading } from "@reachout/contract/contact-files";
import {
  OWN_CONTACT_FIELDS,
  OWN_CONTACTS_IMPORT_MAX_BYTES,
  type OwnContactsImportResponse,
} from "@reachout/contract/own-contacts";
import { Upload } from "lucide-react";
import { type ChangeEvent, useId, useMemo, useState } from "react";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { Label } from "../../../../components/ui/input";
import { errorDetail } from "../../../../lib/api";
import { importOwnContacts } from "../../api/own-contacts";
import { guessMapping, type MappingState, toColumnsMapping } from "./csv-mapping";

const PREVIEW_ROWS = 5;
const SHOWN_ERRORS = 50;

type ContactFiles = typeof import("@reachout/contract/contact-files");

interface Chosen {
  file: File;
  bytes: Uint8Array;
  /** The file as read with no mapping: a recognised export, or format "csv" and its headers. */
  reading: ContactFileReading;
  lib: ContactFiles;
}

const number = (value: number) => value.toLocaleString("en-US");
const plural = (count: number, one: string, many: string) =>
  `${number(count)} ${count === 1 ? one : many}`;

/** The report of a finished import, in the student's words. */
function reportLine(report: OwnContactsImportResponse): string {
  if (report.imported === 0 && report.merged === 0 && report.errors.length === 0) {
    return `Nothing new: all ${plural(report.unchanged, "person", "people")} in this file ${report.unchanged === 1 ? "is" : "are"} already in My Network.`;
  }
  const parts = [`Imported ${plural(report.imported, "contact", "contacts")}.`];
  if (report.no_email > 0) {
    parts.push(
      `${number(report.no_email)} with no email yet${report.matched > 0 ? ` (${number(report.matched)} found in the directory: email available)` : ""}.`,
    );
  }
  if (report.merged > 0) {
    parts.push(`Merged ${number(report.merged)} into people already in My Network or in the file.`);
  }
  if (report.unchanged > 0) parts.push(`${number(report.unchanged)} already in My Network.`);
  parts.push(`Refused ${plural(report.errors.length, "row", "rows")}.`);
  return parts.join(" ");
}

/**
 * "Import Contacts": a LinkedIn, Google, Outlook or phone (.vcf) export is recognised and
 * previewed with no mapping; any other CSV has its columns mapped (a name may be built from
 * several). The server reads the file again, validates every row and streams its progress.
 */
export function ImportContactsDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => void;
}) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<MappingState>(guessMapping([]));
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<OwnContactsImportResponse | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const reset = () => {
    setChosen(null);
    setError(null);
    setReport(null);
    setProgress(null);
  };
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    reset();
    if (!file) return;
    if (file.size > OWN_CONTACTS_IMPORT_MAX_BYTES) {
      setError(`The file is larger than ${OWN_CONTACTS_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
      return;
    }
    const [lib, buffer] = await Promise.all([
      import("@reachout/contract/contact-files"),
      file.arrayBuffer(),
    ]);
    const bytes = new Uint8Array(buffer);
    try {
      const reading = lib.readContactFile(bytes, file.name);
      setChosen({ file, bytes, reading, lib });
      setMapping(guessMapping(reading.headers));
    } catch (failure) {
      setError(
        failure instanceof lib.ContactFileError ? failure.message : "This file could not be read.",
      );
    }
  };

  const isCsv = chosen?.reading.format === "csv";
  // A mapped CSV is read again whenever the mapping changes: the preview is what will import.
  const mapped = useMemo((): { reading: ContactFileReading | null; problem: string | null } => {
    if (!chosen) return { reading: null, problem: null };
    if (chosen.reading.format !== "csv") return { reading: chosen.reading, problem: null };
    if (!mapping.full_name[0]) return { reading: null, problem: null };
    try {
      return {
        reading: chosen.lib.readContactFile(
          chosen.bytes,
          chosen.file.name,
          toColumnsMapping(mapping),
        ),
        problem: null,
      };
    } catch (failure) {
      return { reading: null, problem: (failure as Error).message };
    }
  }, [chosen, mapping]);
  const reading = mapped.reading;

  const run = async () => {
    if (!chosen || !reading) return;
    setBusy(true);
    setError(null);
    setProgress({ done: 0, total: reading.people.length });
    try {
      const result = await importOwnContacts(
        chosen.file,
        isCsv ? toColumnsMapping(mapping) : null,
        (done, total) => setProgress({ done, total }),
      );
      setReport(result);
      setChosen(null);
      if (result.imported > 0 || result.merged > 0) onImported();
    } catch (failure) {
      setError(errorDetail(failure, "The import failed. Please try again."));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const ready = reading !== null && reading.people.length > 0;
  const setName = (part: number, value: string) => {
    const next = [...mapping.full_name] as MappingState["full_name"];
    next[part] = value;
    setMapping({ ...mapping, full_name: next });
  };
  const columnSelect = (
    key: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    empty: string,
  ) => (
    <div key={key}>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <select
        id={`${id}-${key}`}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{empty}</option>
        {chosen?.reading.headers.map((header) => (
          <option key={header} value={header}>
            {header}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import Contacts"
      description="People you already know: LinkedIn's Connections.csv, a Google or Outlook contacts export, a phone's .vcf, or any spreadsheet. Your own contacts cost no credits and only you see them; people already in My Network are merged, never doubled."
      className="max-w-3xl"
    >
      <div className="flex flex-col gap-4">
        <div>
          <Label htmlFor={`${id}-file`}>Contacts file (.csv, .txt or .vcf)</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,.tsv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard,text/plain"
            onChange={(event) => void choose(event)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </div>

        {chosen && isCsv && (
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium text-slate-800">
              Which column holds each field? ({plural(chosen.reading.records, "row", "rows")} in{" "}
              {chosen.file.name})
            </legend>
            {columnSelect(
              "name-0",
              "Full Name *",
              mapping.full_name[0],
              (value) => setName(0, value),
              "Choose a column",
            )}
            {columnSelect(
              "name-1",
              "Name, second column",
              mapping.full_name[1],
              (value) => setName(1, value),
              "None",
            )}
            {columnSelect(
              "name-2",
              "Name, third column",
              mapping.full_name[2],
              (value) => setName(2, value),
              "None",
            )}
            {OWN_CONTACT_FIELDS.filter(({ field }) => field !== "full_name").map(
              ({ field, label }) =>
                columnSelect(
                  field,
                  label,
                  mapping[field as Exclude<typeof field, "full_name">] ?? "",
                  (value) => setMapping({ ...mapping, [field]: value || null }),
                  "Not in this file",
                ),
            )}
          </fieldset>
        )}

        {reading && (
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {chosen?.lib.describeContactFile(reading)}
            </h3>
            <p className="text-xs text-slate-600">
              Columns used: {reading.columns.join(", ")}
              {reading.encoding !== "utf-8" ? ` · read as ${reading.encoding.toUpperCase()}` : ""}
              {reading.errors.length > 0
                ? ` · ${plural(reading.errors.length, "row", "rows")} cannot be imported`
                : ""}
            </p>
            <div className="overflow-x-auto rounded-lg border border-slate-200">
              <table className="w-full text-left text-sm" aria-label="Import preview">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {["Name", "Email", "Title", "Company", "Location"].map((label) => (
                      <th key={label} scope="col" className="px-3 py-2 font-medium">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {reading.people.slice(0, PREVIEW_ROWS).map((person) => (
                    <tr key={person.line} className="border-t border-slate-100">
                      <td className="max-w-48 truncate px-3 py-2 text-slate-900">
                        {person.fullName}
                      </td>
                      <td className="max-w-48 truncate px-3 py-2 text-slate-800">
                        {person.emails[0] ?? <span className="text-slate-500">no email yet</span>}
                      </td>
                      <td className="max-w-48 truncate px-3 py-2 text-slate-800">
                        {person.title ?? ""}
                      </td>
                      <td className="max-w-48 truncate px-3 py-2 text-slate-800">
                        {person.company ?? ""}
                      </td>
                      <td className="max-w-40 truncate px-3 py-2 text-slate-800">
                        {person.location ?? ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}

        {progress && (
          <div className="flex flex-col gap-1">
            <progress
              className="h-2 w-full"
              aria-label="Import progress"
              max={Math.max(progress.total, 1)}
              value={progress.done}
            />
            <p role="status" className="text-sm text-slate-700">
              Importing… {number(progress.done)} of {number(progress.total)} people
            </p>
          </div>
        )}

        {(error ?? mapped.problem) && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error ?? mapped.problem}
          </p>
        )}

        {report && (
          <div role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
            <p className="font-medium">{reportLine(report)}</p>
            {report.errors.length > 0 && (
              <ul className="mt-2 max-h-48 list-disc overflow-y-auto pl-5 text-red-700">
                {report.errors.slice(0, SHOWN_ERRORS).map((problem) => (
                  <li key={problem.row}>
                    Line {problem.row}: {problem.detail}
                  </li>
                ))}
                {report.errors.length > SHOWN_ERRORS && (
                  <li>and {report.errors.length - SHOWN_ERRORS} more rows</li>
                )}
              </ul>
            )}
          </div>
        )}

        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
            {report ? "Done" : "Cancel"}
          </Button>
          {!report && (
            <Button onClick={() => void run()} disabled={!ready || busy}>
              <BusyIcon busy={busy} icon={Upload} />
              {busy ? "Importing..." : "Import Contacts"}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
