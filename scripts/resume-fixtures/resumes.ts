/**
 * The people of the resume fixtures: ten students of different fields, written the way real
 * resumes are (different heading names, entry layouts and date styles). make.ts renders each
 * with a different generator and layout; the parser test checks what is read back.
 */
export interface FixtureResume {
  file: string;
  layout: "one-column" | "two-column";
  generator: "pdfkit" | "pdf-lib" | "docx" | "reachout-text-pdf";
  name: string;
  contact: string[];
  location: string;
  headings: {
    education: string;
    experience: string;
    projects?: string;
    leadership?: string;
    skills: string;
  };
  /** How an entry's first lines read: A "Employer | City" / "Role | Dates"; B "Employer — Role, Dates"; C "Role, Employer" / "Dates · City"; D "Role" / "Employer, City · Dates". */
  entryStyle: "A" | "B" | "C" | "D";
  education: Array<{ lines: string[] }>;
  experiences: Array<{
    employer: string;
    role: string;
    dates: string;
    city: string;
    bullets: string[];
  }>;
  projects?: Array<{ title: string; bullets: string[] }>;
  leadership?: Array<{
    employer: string;
    role: string;
    dates: string;
    city: string;
    bullets: string[];
  }>;
  skills: string[];
}

export const RESUMES: FixtureResume[] = [
  {
    file: "finance-one-column-pdfkit.pdf",
    layout: "one-column",
    generator: "pdfkit",
    name: "Maya Chen",
    contact: ["maya.chen@stern.example", "(646) 555-0142", "linkedin.com/in/mayachen"],
    location: "New York, NY",
    headings: {
      education: "EDUCATION",
      experience: "EXPERIENCE",
      leadership: "LEADERSHIP & ACTIVITIES",
      skills: "SKILLS & INTERESTS",
    },
    entryStyle: "A",
    education: [
      {
        lines: [
          "New York University, Leonard N. Stern School of Business | New York, NY",
          "B.S. in Finance, Minor in Mathematics | Expected May 2026",
          "GPA: 3.82/4.00 | Dean's List (all semesters)",
        ],
      },
    ],
    experiences: [
      {
        employer: "Jefferies",
        role: "Investment Banking Summer Analyst",
        dates: "Jun 2025 – Aug 2025",
        city: "New York, NY",
        bullets: [
          "Built a three-statement LBO model for a $850M take-private of a consumer brand, used in the final bid",
          "Prepared 25-page buyer outreach materials contacting 60 strategic and financial sponsors",
          "Analyzed 12 comparable transactions to support a valuation range for the sell-side team",
        ],
      },
      {
        employer: "Greenline Capital Partners",
        role: "Private Equity Intern",
        dates: "Jan 2025 – May 2025",
        city: "New York, NY",
        bullets: [
          "Screened 40 lower-middle-market companies and wrote 3 investment memos for the partners",
          "Modeled returns for a $120M add-on acquisition, reaching a 24% base-case IRR",
        ],
      },
    ],
    leadership: [
      {
        employer: "Stern Investment Club",
        role: "Vice President",
        dates: "Sep 2023 – Present",
        city: "New York, NY",
        bullets: [
          "Led a team of 8 analysts pitching consumer stocks; 3 pitches were added to the $250K student fund",
        ],
      },
    ],
    skills: [
      "Technical: Financial Modeling, LBO, DCF, Excel, PowerPoint, Capital IQ, PitchBook",
      "Languages: Mandarin (fluent)",
      "Interests: running, chess, venture investing",
    ],
  },
  {
    file: "finance-two-column-pdf-lib.pdf",
    layout: "two-column",
    generator: "pdf-lib",
    name: "Daniel Okafor",
    contact: ["dokafor@umich.example", "734-555-0199", "linkedin.com/in/danielokafor"],
    location: "Ann Arbor, MI",
    headings: {
      education: "Education",
      experience: "Professional Experience",
      leadership: "Activities",
      skills: "Skills",
    },
    entryStyle: "B",
    education: [
      {
        lines: [
          "University of Michigan",
          "Ross School of Business",
          "BBA, Class of 2027",
          "GPA 3.9",
        ],
      },
    ],
    experiences: [
      {
        employer: "Harborline Securities",
        role: "Sales & Trading Summer Analyst",
        dates: "Jun 2025 – Aug 2025",
        city: "Chicago, IL",
        bullets: [
          "Built a Python tool that priced 300 corporate bonds daily, cutting desk prep time by 40 minutes",
          "Presented a rates trade idea to 15 traders that was adopted for the week's book",
        ],
      },
      {
        employer: "Ross Student Fund",
        role: "Equity Research Analyst",
        dates: "Sep 2024 – May 2025",
        city: "Ann Arbor, MI",
        bullets: ["Wrote 4 initiation reports on industrials; 2 buy calls returned 18% on average"],
      },
    ],
    leadership: [
      {
        employer: "Michigan Finance Club",
        role: "Treasurer",
        dates: "2024 – Present",
        city: "Ann Arbor, MI",
        bullets: ["Managed a $30,000 annual budget and organized 6 recruiting events with banks"],
      },
    ],
    skills: ["Excel, Python, Bloomberg, VBA, Valuation", "Interests: basketball, photography"],
  },
  {
    file: "consulting-one-column.docx",
    layout: "one-column",
    generator: "docx",
    name: "Sofia Martinez",
    contact: ["sofia.martinez@georgetown.example", "(202) 555-0187"],
    location: "Washington, DC",
    headings: {
      education: "Education",
      experience: "Experience",
      leadership: "Leadership",
      skills: "Skills",
    },
    entryStyle: "B",
    education: [
      {
        lines: [
          "Georgetown University, Washington, DC",
          "Bachelor of Arts in Economics, Expected May 2026",
          "GPA: 3.76",
        ],
      },
    ],
    experiences: [
      {
        employer: "Deloitte Consulting",
        role: "Summer Business Analyst",
        dates: "Jun 2025 – Aug 2025",
        city: "Arlington, VA",
        bullets: [
          "Interviewed 22 hospital managers and synthesized findings into a cost plan saving $4.2M a year",
          "Built an Excel model of staffing scenarios used by the client's CFO in a board meeting",
        ],
      },
      {
        employer: "Georgetown Center for Economic Policy",
        role: "Research Assistant",
        dates: "Sep 2024 – May 2025",
        city: "Washington, DC",
        bullets: [
          "Cleaned and analyzed a 50,000-row labor dataset in Stata for a published working paper",
        ],
      },
    ],
    leadership: [
      {
        employer: "Georgetown Consulting Group",
        role: "Project Lead",
        dates: "Jan 2024 – Present",
        city: "Washington, DC",
        bullets: [
          "Led 5 students on a pro bono market-entry study for a DC nonprofit, adopted by its board",
        ],
      },
    ],
    skills: [
      "Excel, PowerPoint, Stata, Tableau, Market Research",
      "Interests: sustainability, public speaking",
    ],
  },
  {
    file: "consulting-two-column-pdfkit.pdf",
    layout: "two-column",
    generator: "pdfkit",
    name: "Arjun Patel",
    contact: ["arjun.patel@cornell.example", "607-555-0123"],
    location: "Ithaca, NY",
    headings: {
      education: "EDUCATION",
      experience: "RELEVANT EXPERIENCE",
      leadership: "CAMPUS INVOLVEMENT",
      skills: "SKILLS",
    },
    entryStyle: "C",
    education: [
      {
        lines: [
          "Cornell University",
          "B.S. Industrial and Labor Relations",
          "Expected May 2026",
          "GPA: 3.68/4.0",
        ],
      },
    ],
    experiences: [
      {
        employer: "Keystone Advisory",
        role: "Strategy Consulting Intern",
        dates: "Jun 2025 – Aug 2025",
        city: "Boston, MA",
        bullets: [
          "Sized a $2.1B market for a medtech client using 3 bottom-up models and 18 expert calls",
          "Drafted 30 slides of the final recommendation delivered to the client's leadership team",
        ],
      },
      {
        employer: "Cornell ILR School",
        role: "Teaching Assistant",
        dates: "Jan 2025 – May 2025",
        city: "Ithaca, NY",
        bullets: ["Taught weekly sections for 40 students in Introduction to Statistics"],
      },
    ],
    leadership: [
      {
        employer: "Cornell Consulting Club",
        role: "President",
        dates: "2024 – Present",
        city: "Ithaca, NY",
        bullets: [
          "Grew membership from 45 to 110 and launched a case-prep program with 4 consulting firms",
        ],
      },
    ],
    skills: [
      "Excel, PowerPoint, Alteryx, SQL, Case Interviews",
      "Interests: mentoring, basketball",
    ],
  },
  {
    file: "software-one-column-pdf-lib.pdf",
    layout: "one-column",
    generator: "pdf-lib",
    name: "Emily Zhang",
    contact: ["emily.zhang@illinois.example", "github.com/emilyzhang", "(217) 555-0163"],
    location: "Champaign, IL",
    headings: {
      education: "EDUCATION",
      experience: "WORK EXPERIENCE",
      projects: "PROJECTS",
      skills: "TECHNICAL SKILLS",
    },
    entryStyle: "C",
    education: [
      {
        lines: [
          "University of Illinois Urbana-Champaign",
          "B.S. in Computer Science, May 2026",
          "GPA: 3.91/4.00",
        ],
      },
    ],
    experiences: [
      {
        employer: "Stripe",
        role: "Software Engineering Intern",
        dates: "May 2025 – Aug 2025",
        city: "Seattle, WA",
        bullets: [
          "Built a retry scheduler in Go for webhook deliveries, cutting failed deliveries by 35% across 2M daily events",
          "Shipped a dashboard filter in React and TypeScript used by 4,000 merchants in its first week",
        ],
      },
      {
        employer: "NCSA",
        role: "Undergraduate Research Assistant",
        dates: "Sep 2024 – May 2025",
        city: "Urbana, IL",
        bullets: ["Optimized a CUDA kernel for climate simulations, speeding up runs by 3.2x"],
      },
    ],
    projects: [
      {
        title: "CampusEats — mobile ordering app (React Native, Node.js)",
        bullets: ["Launched to 1,200 students; handled 9,000 orders in the first semester"],
      },
    ],
    skills: [
      "Languages: Python, Go, TypeScript, Java, C++",
      "Tools: React, Node.js, PostgreSQL, Docker, AWS",
    ],
  },
  {
    file: "software-one-column.docx",
    layout: "one-column",
    generator: "docx",
    name: "Marcus Johnson",
    contact: ["mjohnson@gatech.example", "404-555-0110", "linkedin.com/in/marcusjohnson"],
    location: "Atlanta, GA",
    headings: {
      education: "Education",
      experience: "Experience",
      projects: "Selected Projects",
      skills: "Skills",
    },
    entryStyle: "A",
    education: [
      {
        lines: [
          "Georgia Institute of Technology | Atlanta, GA",
          "B.S. Computer Science | Expected December 2026",
          "GPA: 3.7",
        ],
      },
    ],
    experiences: [
      {
        employer: "Home Depot",
        role: "Software Engineer Intern",
        dates: "May 2025 – Aug 2025",
        city: "Atlanta, GA",
        bullets: [
          "Migrated 14 inventory services to Kubernetes, reducing deployment time from 40 to 8 minutes",
          "Wrote integration tests that raised coverage of the checkout API from 52% to 81%",
        ],
      },
    ],
    projects: [
      {
        title: "Pathfinder: campus navigation with accessibility routes",
        bullets: ["Built with Python and Flask; won 1st place of 85 teams at HackGT"],
      },
      {
        title: "Open-source contributions to FastAPI",
        bullets: ["Merged 6 pull requests fixing validation bugs reported by users"],
      },
    ],
    skills: ["Python, Java, Kubernetes, Docker, SQL, Flask, Git", "Interests: open source, music"],
  },
  {
    file: "software-two-column-pdfkit.pdf",
    layout: "two-column",
    generator: "pdfkit",
    name: "Priya Raman",
    contact: ["priya.raman@cmu.example", "412-555-0177", "priyaraman.dev"],
    location: "Pittsburgh, PA",
    headings: {
      education: "Education",
      experience: "Experience",
      projects: "Projects",
      skills: "Skills",
    },
    entryStyle: "D",
    education: [
      {
        lines: [
          "Carnegie Mellon University",
          "B.S. in Computer Science",
          "Class of 2027",
          "GPA 3.85",
        ],
      },
    ],
    experiences: [
      {
        employer: "Duolingo",
        role: "Machine Learning Intern",
        dates: "Summer 2025",
        city: "Pittsburgh, PA",
        bullets: [
          "Trained a ranking model in PyTorch that lifted lesson completion by 2.4% in an A/B test with 1M users",
          "Reduced feature pipeline runtime by 60% by rewriting it in Spark",
        ],
      },
    ],
    projects: [
      {
        title: "TartanTutor",
        bullets: [
          "Built a course Q&A bot with 800 weekly users using retrieval over lecture notes",
        ],
      },
    ],
    skills: [
      "Python, PyTorch, Spark, SQL, Machine Learning, Java",
      "Interests: machine learning, running",
    ],
  },
  {
    file: "design-two-column-pdf-lib.pdf",
    layout: "two-column",
    generator: "pdf-lib",
    name: "Lena Fischer",
    contact: ["lena.fischer@risd.example", "lenafischer.design", "401-555-0155"],
    location: "Providence, RI",
    headings: {
      education: "Education",
      experience: "Design Experience",
      projects: "Selected Work",
      skills: "Tools",
    },
    entryStyle: "D",
    education: [
      { lines: ["Rhode Island School of Design", "BFA in Graphic Design", "Expected 2026"] },
    ],
    experiences: [
      {
        employer: "Hatch Design",
        role: "Product Design Intern",
        dates: "Jun 2025 – Aug 2025",
        city: "San Francisco, CA",
        bullets: [
          "Redesigned the onboarding flow of a fintech app, raising sign-up completion by 18%",
          "Ran 12 usability sessions and turned the findings into a 40-component design system update",
        ],
      },
      {
        employer: "RISD Museum",
        role: "Graphic Design Assistant",
        dates: "Sep 2024 – May 2025",
        city: "Providence, RI",
        bullets: ["Designed signage and catalogs for 3 exhibitions seen by 25,000 visitors"],
      },
    ],
    projects: [
      {
        title: "Wayfind — transit app concept",
        bullets: [
          "Prototyped in Figma and tested with 20 riders; featured in the RISD senior show",
        ],
      },
    ],
    skills: [
      "Figma, Adobe Illustrator, After Effects, User Research, Prototyping",
      "Interests: photography, product design",
    ],
  },
  {
    file: "design-one-column.docx",
    layout: "one-column",
    generator: "docx",
    name: "Noah Kim",
    contact: ["noahkim@uw.example", "206-555-0134"],
    location: "Seattle, WA",
    headings: {
      education: "EDUCATION",
      experience: "EXPERIENCE",
      projects: "PROJECTS",
      skills: "SKILLS",
    },
    entryStyle: "C",
    education: [
      {
        lines: [
          "University of Washington, Seattle, WA",
          "B.S. in Human Centered Design & Engineering, June 2026",
          "GPA: 3.64",
        ],
      },
    ],
    experiences: [
      {
        employer: "Zillow",
        role: "UX Design Intern",
        dates: "Jun 2025 – Sep 2025",
        city: "Seattle, WA",
        bullets: [
          "Designed a saved-search redesign that increased weekly return visits by 9% for 300K users",
          "Facilitated 3 design sprints with engineers and product managers",
        ],
      },
    ],
    projects: [
      {
        title: "Accessible Voting Kiosk",
        bullets: [
          "Led research with 15 low-vision voters and shipped a high-contrast prototype to King County",
        ],
      },
    ],
    skills: ["Figma, Sketch, Principle, HTML, CSS, User Research", "Interests: education, travel"],
  },
  {
    file: "product-one-column-pdfkit.pdf",
    layout: "one-column",
    generator: "pdfkit",
    name: "Aisha Bello",
    contact: ["aisha.bello@berkeley.example", "510-555-0148", "linkedin.com/in/aishabello"],
    location: "Berkeley, CA",
    headings: {
      education: "Education",
      experience: "Experience",
      leadership: "Leadership",
      skills: "Skills",
    },
    entryStyle: "A",
    education: [
      {
        lines: [
          "University of California, Berkeley | Berkeley, CA",
          "B.A. Cognitive Science, Data Science minor | May 2026",
          "GPA: 3.8",
        ],
      },
    ],
    experiences: [
      {
        employer: "Intuit",
        role: "Associate Product Manager Intern",
        dates: "May 2025 – Aug 2025",
        city: "Mountain View, CA",
        bullets: [
          "Defined and launched a receipt-scanning feature used by 50,000 small businesses in its first month",
          "Ran 4 A/B tests that lifted trial-to-paid conversion by 6%",
        ],
      },
      {
        employer: "Berkeley Innovation Lab",
        role: "Product Analyst",
        dates: "Jan 2025 – May 2025",
        city: "Berkeley, CA",
        bullets: ["Analyzed 10,000 survey responses in SQL to prioritize a campus app roadmap"],
      },
    ],
    leadership: [
      {
        employer: "Women in Product at Berkeley",
        role: "Co-Founder",
        dates: "2023 – Present",
        city: "Berkeley, CA",
        bullets: ["Founded a 200-member club and organized 8 workshops with product leaders"],
      },
    ],
    skills: [
      "SQL, Figma, Jira, Amplitude, A/B Testing, Product Management",
      "Interests: diversity in tech, music",
    ],
  },
  {
    file: "product-two-column.docx",
    layout: "two-column",
    generator: "docx",
    name: "Ethan Brooks",
    contact: ["ethan.brooks@duke.example", "919-555-0102"],
    location: "Durham, NC",
    headings: {
      education: "Education",
      experience: "Experience",
      projects: "Projects",
      skills: "Skills",
    },
    entryStyle: "B",
    education: [
      { lines: ["Duke University", "B.S. in Computer Science and Economics", "Expected May 2027"] },
    ],
    experiences: [
      {
        employer: "Loop Product Labs",
        role: "Product Management Intern",
        dates: "Jun 2025 – Aug 2025",
        city: "New York, NY",
        bullets: [
          "Wrote specs for a referral program that brought in 3,500 new users in six weeks",
          "Prioritized a 60-item backlog with engineering using impact and effort scores",
        ],
      },
    ],
    projects: [
      {
        title: "DukeDine",
        bullets: ["Built a dining-hall wait-time predictor with 2,000 weekly users"],
      },
    ],
    skills: [
      "SQL, Python, Figma, Amplitude, Product Management",
      "Interests: startups, basketball",
    ],
  },
  {
    file: "data-one-column-reachout.pdf",
    layout: "one-column",
    generator: "reachout-text-pdf",
    name: "Hannah Lee",
    contact: ["hannah.lee@columbia.example", "212-555-0166"],
    location: "New York, NY",
    headings: {
      education: "EDUCATION",
      experience: "EXPERIENCE",
      projects: "PROJECTS",
      skills: "SKILLS",
    },
    entryStyle: "B",
    education: [
      { lines: ["Columbia University, B.A. in Statistics, Expected May 2026", "GPA: 3.87"] },
    ],
    experiences: [
      {
        employer: "Spotify",
        role: "Data Science Intern",
        dates: "Jun 2025 – Aug 2025",
        city: "New York, NY",
        bullets: [
          "Built a churn model in Python that flagged 70% of at-risk subscribers two weeks early",
          "Presented weekly insights to 3 product teams and a director",
        ],
      },
    ],
    projects: [
      {
        title: "Citi Bike Demand Forecast",
        bullets: [
          "Forecast station demand with 12% lower error than the city's baseline using 4 years of data",
        ],
      },
    ],
    skills: [
      "Python, R, SQL, Pandas, Statistics, Tableau",
      "Interests: data visualization, running",
    ],
  },
];
