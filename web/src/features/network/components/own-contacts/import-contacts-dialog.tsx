import {
  OWN_CONTACT_FIELDS,
  OWN_CONTACTS_IMPORT_MAX_BYTES,
  type OwnContactsImportResponse,
  type OwnContactsMapping,
} from "@reachout/contract/own-contacts";
import { Upload } from "lucide-react";
import Papa from "papaparse";
import { type ChangeEvent, useId, useState } from "react";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { Label } from "../../../../components/ui/input";
import { errorDetail } from "../../../../lib/api";
import { importOwnContacts } from "../../api/own-contacts";
import { guessMapping } from "./csv-mapping";

const PREVIEW_ROWS = 5;
const SHOWN_ERRORS = 50;

interface Parsed {
  file: File;
  headers: string[];
  rows: string[][];
}

async function readCsv(file: File): Promise<Parsed> {
  const text = await file.text();
  const result = Papa.parse<string[]>(text, { skipEmptyLines: true });
  const [header = [], ...rows] = result.data;
  return { file, headers: header.map((name) => name.trim()), rows };
}

/** "Import CSV": the user's own contacts, columns mapped and previewed before anything is saved. */
export function ImportContactsDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => void;
}) {
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<OwnContactsMapping>(guessMapping([]));
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<OwnContactsImportResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const reset = () => {
    setParsed(null);
    setError(null);
    setReport(null);
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
      setError(`The CSV file is larger than ${OWN_CONTACTS_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
      return;
    }
    const next = await readCsv(file);
    if (next.headers.length === 0 || next.rows.length === 0) {
      setError("The CSV has no contacts under its header row.");
      return;
    }
    setParsed(next);
    setMapping(guessMapping(next.headers));
  };
  const run = async () => {
    if (!parsed) return;
    setBusy(true);
    setError(null);
    try {
      const result = await importOwnContacts(parsed.file, mapping);
      setReport(result);
      setParsed(null);
      if (result.imported > 0) onImported();
    } catch (failure) {
      setError(errorDetail(failure, "The import failed. Nothing was saved. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const mappedColumns = OWN_CONTACT_FIELDS.filter((f) => mapping[f.field]);
  const ready = parsed !== null && Boolean(mapping.full_name) && Boolean(mapping.email);

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import Contacts from CSV"
      description="People you already know, from a spreadsheet. Your own contacts cost no credits and only you see them; people already in My Network are skipped."
      className="max-w-3xl"
    >
      <div className="flex flex-col gap-4">
        <div>
          <Label htmlFor={`${id}-file`}>CSV file (a header row, then one contact per row)</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </div>

        {parsed && (
          <>
            <fieldset className="grid gap-3 sm:grid-cols-3">
              <legend className="mb-2 text-sm font-medium text-slate-800">
                Which column holds each field? ({parsed.rows.length.toLocaleString("en-US")} row
                {parsed.rows.length === 1 ? "" : "s"} in {parsed.file.name})
              </legend>
              {OWN_CONTACT_FIELDS.map(({ field, label, required }) => (
                <div key={field}>
                  <Label htmlFor={`${id}-${field}`}>
                    {label}
                    {required ? " *" : ""}
                  </Label>
                  <select
                    id={`${id}-${field}`}
                    className="h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
                    value={mapping[field] ?? ""}
                    onChange={(event) =>
                      setMapping({ ...mapping, [field]: event.target.value || null })
                    }
                  >
                    <option value="">{required ? "Choose a column" : "Not in this file"}</option>
                    {parsed.headers.map((header) => (
                      <option key={header} value={header}>
                        {header}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </fieldset>

            <div>
              <h3 className="mb-2 text-sm font-medium text-slate-800">
                Preview (first {Math.min(PREVIEW_ROWS, parsed.rows.length)} rows)
              </h3>
              <div className="overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm" aria-label="Import preview">
                  <thead className="bg-slate-50 text-slate-700">
                    <tr>
                      {mappedColumns.map(({ field, label }) => (
                        <th key={field} scope="col" className="px-3 py-2 font-medium">
                          {label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {parsed.rows.slice(0, PREVIEW_ROWS).map((row, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity
                      <tr key={index} className="border-t border-slate-100">
                        {mappedColumns.map(({ field }) => (
                          <td key={field} className="max-w-48 truncate px-3 py-2 text-slate-800">
                            {row[parsed.headers.indexOf(mapping[field] ?? "")] ?? ""}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </>
        )}

        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}

        {report && (
          <div role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
            <p className="font-medium">
              Imported {report.imported} contact{report.imported === 1 ? "" : "s"}. Skipped{" "}
              {report.skipped} already in My Network or repeated in the file. Refused{" "}
              {report.errors.length} row{report.errors.length === 1 ? "" : "s"}.
            </p>
            {report.errors.length > 0 && (
              <ul className="mt-2 max-h-48 list-disc overflow-y-auto pl-5 text-red-700">
                {report.errors.slice(0, SHOWN_ERRORS).map((problem) => (
                  <li key={problem.row}>
                    Row {problem.row}: {problem.detail}
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
