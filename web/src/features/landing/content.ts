import {
  ChartColumn,
  Crosshair,
  Mail,
  Search,
  ShieldCheck,
  Sparkles,
  Target,
  WandSparkles,
  Workflow,
} from "lucide-react";

/** The seven phrases that complete "Reachout helps you …", rotating every 2 s. */
export const TAGLINES = [
  "land internship interviews",
  "network the right way",
  "bypass ATS systems",
  "connect with hiring managers",
  "land your dream job",
  "speak with industry professionals",
  "stop disappointing your parents",
] as const;

/** A text wordmark: the name in a type style that hints at the real mark, no images. */
export interface Wordmark {
  name: string;
  style: string;
}

export const UNIVERSITIES: Wordmark[] = [
  { name: "Harvard", style: "font-serif font-bold tracking-tight" },
  { name: "Stanford", style: "font-serif font-semibold" },
  { name: "MIT", style: "font-black tracking-tighter" },
  { name: "Wharton", style: "font-serif font-bold uppercase tracking-widest text-base" },
  { name: "Columbia", style: "font-serif uppercase tracking-[0.2em] text-base" },
  { name: "Cornell", style: "font-serif font-semibold" },
  { name: "Yale", style: "font-serif font-bold" },
  { name: "Princeton", style: "font-serif uppercase tracking-wider" },
  { name: "UC Berkeley", style: "font-semibold tracking-tight" },
  { name: "NYU Stern", style: "font-extrabold" },
  { name: "Michigan", style: "font-black uppercase tracking-tight" },
];

export const EMPLOYERS: Wordmark[] = [
  { name: "Goldman Sachs", style: "font-serif font-semibold" },
  { name: "J.P. Morgan", style: "font-serif font-bold" },
  { name: "Morgan Stanley", style: "font-medium tracking-wide" },
  { name: "McKinsey & Company", style: "font-serif" },
  { name: "Bain & Company", style: "font-bold uppercase tracking-wider text-base" },
  { name: "BCG", style: "font-black tracking-tight" },
  { name: "Google", style: "font-medium" },
  { name: "Meta", style: "font-bold" },
  { name: "Microsoft", style: "font-semibold" },
  { name: "Amazon", style: "font-extrabold lowercase" },
  { name: "Blackstone", style: "font-serif font-bold uppercase tracking-wide text-base" },
];

export const STEPS = [
  {
    icon: Target,
    title: "Define Your Target",
    text: "Pick the roles you want, from Investment Banking Analyst to Software Engineering Intern, and the city you want to work in.",
  },
  {
    icon: Search,
    title: "AI Discovers Contacts",
    text: "Your agent searches on the schedule you choose and finds the recruiters and hiring managers who decide. One contact costs one credit.",
  },
  {
    icon: WandSparkles,
    title: "AI Personalizes Messages",
    text: "Each email is written from your resume and the contact's role, firm and shared background. Pick a warm or a precise style, then edit freely.",
  },
  {
    icon: Mail,
    title: "Direct Gmail Integration",
    text: "Emails leave from your own Gmail with your resume attached. Send now or schedule for later, and see replies in the conversation view.",
  },
] as const;

export const FEATURES = [
  {
    icon: Crosshair,
    title: "Decision-Maker Targeting",
    text: "Reach the people who actually hire: recruiters, hiring managers and senior bankers, not a generic careers inbox.",
  },
  {
    icon: Sparkles,
    title: "AI Personalization",
    text: "Every email mentions the contact's firm and role and what you have in common, like a university or an interest, in your voice.",
  },
  {
    icon: ShieldCheck,
    title: "Enterprise Security",
    text: "SOC 2 compliant. Gmail tokens are encrypted with AES-256, and access is limited to sending your emails and detecting replies.",
  },
  {
    icon: Mail,
    title: "Gmail Integration",
    text: "Send and schedule from your own address, keep every conversation in one thread, and know the moment someone replies.",
  },
  {
    icon: ChartColumn,
    title: "Analytics & Insights",
    text: "Follow every contact from Uncontacted to Contacted to Responded, filter by status and date, and export your network to CSV.",
  },
  {
    icon: Workflow,
    title: "Scalable Automation",
    text: "Set target positions once and your agent searches every 6 to 48 hours. Bulk-email dozens of contacts in a single pass.",
  },
] as const;
