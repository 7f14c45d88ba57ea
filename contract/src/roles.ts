export const ROLE_CATEGORIES = [
  "Investment Banking & Finance",
  "Consulting",
  "Technology - Data Science & AI",
  "Technology - Software Engineering",
  "Technology - Product & Design",
] as const;
export type RoleCategory = (typeof ROLE_CATEGORIES)[number];

const ROLES_BY_CATEGORY: Record<RoleCategory, string[]> = {
  "Investment Banking & Finance": [
    "Investment Banking Analyst",
    "Investment Banking Intern",
    "Private Equity Analyst",
    "Private Equity Intern",
    "Venture Capital Analyst",
    "Venture Capital Intern",
    "Hedge Fund Analyst",
    "Equity Research Analyst",
    "Sales and Trading Analyst",
    "Asset Management Analyst",
    "Corporate Finance Analyst",
    "Financial Analyst Intern",
  ],
  Consulting: [
    "Management Consulting Intern",
    "Management Consultant",
    "Strategy Consultant",
    "Business Analyst",
    "Technology Consultant",
    "Consulting Analyst",
    "Operations Consultant",
    "Risk Consultant",
    "Associate Consultant",
  ],
  "Technology - Data Science & AI": [
    "Data Science Intern",
    "Data Scientist",
    "Data Analyst",
    "Data Analyst Intern",
    "Machine Learning Engineer",
    "Machine Learning Intern",
    "AI Research Intern",
    "Data Engineer",
    "Quantitative Analyst",
  ],
  "Technology - Software Engineering": [
    "Software Engineering Intern",
    "Software Engineer",
    "Frontend Engineer",
    "Backend Engineer",
    "Full Stack Engineer",
    "Mobile Engineer",
    "DevOps Engineer",
    "Security Engineer",
    "New Grad Software Engineer",
  ],
  "Technology - Product & Design": [
    "Product Management Intern",
    "Product Manager",
    "Associate Product Manager",
    "Product Analyst",
    "UX Design Intern",
    "UX Designer",
    "UI Designer",
    "Product Designer",
  ],
};

export interface TargetRole {
  /** The lowercase name, as the spec defines the role id (§3). */
  id: string;
  name: string;
  category: RoleCategory;
}

export const TARGET_ROLES: TargetRole[] = ROLE_CATEGORIES.flatMap((category) =>
  ROLES_BY_CATEGORY[category].map((name) => ({ id: name.toLowerCase(), name, category })),
);

/**
 * Who hires for each category: the `deepseek` strategy turns a target role into these titles,
 * because a student wants to reach the people who decide, not their future peers.
 */
export const HIRING_TITLES: Record<RoleCategory, string[]> = {
  "Investment Banking & Finance": [
    "Campus Recruiter",
    "Recruiter",
    "Vice President",
    "Managing Director",
    "Associate",
    "Director",
    "Partner",
  ],
  Consulting: [
    "Campus Recruiter",
    "Recruiting Manager",
    "Engagement Manager",
    "Principal",
    "Partner",
    "Senior Manager",
  ],
  "Technology - Data Science & AI": [
    "Technical Recruiter",
    "Head of Data Science",
    "Data Science Manager",
    "Director of Machine Learning",
    "Analytics Manager",
  ],
  "Technology - Software Engineering": [
    "Technical Recruiter",
    "University Recruiter",
    "Engineering Manager",
    "Director of Engineering",
    "VP of Engineering",
    "CTO",
  ],
  "Technology - Product & Design": [
    "Technical Recruiter",
    "Head of Product",
    "Group Product Manager",
    "Design Manager",
    "Head of Design",
  ],
};

/** Find the category of a role name, or guess it from keywords for free-text titles. */
export function categorizeRole(title: string): RoleCategory {
  const lower = title.trim().toLowerCase();
  const exact = TARGET_ROLES.find((role) => role.id === lower);
  if (exact) return exact.category;
  if (/(bank|equity|capital|fund|financ|trading|asset|invest|quant)/.test(lower)) {
    return "Investment Banking & Finance";
  }
  if (/(consult|strategy|business analyst)/.test(lower)) return "Consulting";
  if (/(data|machine learning|\bml\b|\bai\b|analytics)/.test(lower)) {
    return "Technology - Data Science & AI";
  }
  if (/(product|design|ux|ui)/.test(lower)) return "Technology - Product & Design";
  return "Technology - Software Engineering";
}
