import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export const RESUME_EXTENSIONS = /\.(pdf|docx|doc)$/i;

/** The resume files a command line names: a file, or every resume in a folder (sorted). */
export function resumeFilesOf(target: string): string[] {
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (statSync(resolved).isDirectory()) {
    return readdirSync(resolved)
      .filter((name) => RESUME_EXTENSIONS.test(name))
      .sort()
      .map((name) => path.join(resolved, name));
  }
  return [resolved];
}

export function kindOf(file: string): "pdf" | "docx" | "doc" {
  const extension = path.extname(file).slice(1).toLowerCase();
  return extension === "docx" ? "docx" : extension === "doc" ? "doc" : "pdf";
}
