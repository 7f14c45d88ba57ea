export { companyKeyOf, NEWS_KEPT_MS, recentCompanyNews } from "./news";
