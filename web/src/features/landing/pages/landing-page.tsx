import { FeatureGrid } from "../components/feature-grid";
import { Hero } from "../components/hero";
import { HowItWorks } from "../components/how-it-works";
import { LogoStrips } from "../components/logo-strips";
import { WaitlistSection } from "../components/waitlist-section";

export default function LandingPage() {
  return (
    <>
      <Hero />
      <LogoStrips />
      <HowItWorks />
      <FeatureGrid />
      <WaitlistSection />
    </>
  );
}
