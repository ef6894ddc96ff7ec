import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import { createQueryClient } from '@/lib/query-client';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import AboutPage from './about/about-page';
import EdgePage from './edge/edge-page';
import IaasPage from './iaas/iaas-page';
import KaaRadaPage from './kaa-rada/kaa-rada-page';
import { TestimonialCard } from './testimonials/testimonial-card';
import TestimonialsPage from './testimonials/testimonials-page';
import { testimonials } from './testimonials/testimonials-data';

const settings = defaultSiteSettings;
const newTab = /\s*\(opens in a new tab\)$/;

/** /edge without intake's waitlist form (app/edge-route.test.tsx tests the two together). */
const EdgePageAlone = () => <EdgePage waitlistForm={null} />;

function renderPage(Page: ComponentType, path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Every link whose accessible name starts with `name`. */
function links(name: string) {
  return screen.getAllByRole('link', { name: new RegExp(`^${name}(\\s*\\(opens in a new tab\\))?$`) });
}

function expectExternal(name: string, href: string, count = 1) {
  const found = links(name);
  expect(found).toHaveLength(count);
  for (const link of found) {
    expect(link).toHaveAccessibleName(expect.stringMatching(newTab));
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
}

function expectInternal(name: string, path: string, count = 1) {
  const found = links(name);
  expect(found).toHaveLength(count);
  for (const link of found) {
    expect(link.getAttribute('href')?.split(/[?#]/)[0]).toBe(path);
    expect(link).not.toHaveAttribute('target');
  }
}

describe('/kaa-rada', () => {
  it('has one h1, the sections and every link of the spec', () => {
    renderPage(KaaRadaPage, '/kaa-rada');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const title of ['Key Features', 'Why Choose Kaa Rada', 'Use Cases', 'Indicative Pricing', 'Why Nyota Cloud']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expectInternal('Get Quote', '/contact');
    expectInternal('Get Custom Quote', '/contact');
    expectExternal('Book a Demo', settings.bookingUrl, 2);
    const starter = screen.getByRole('link', { name: 'Get Started: Starter Cluster' });
    const sme = screen.getByRole('link', { name: 'Get Started: SME Cluster' });
    expect(starter).toHaveAttribute('href', '#cta');
    expect(sme).toHaveAttribute('href', '#cta');
    const sales = screen.getByRole('link', { name: 'Contact Sales: Enterprise Cluster' });
    expect(sales.getAttribute('href')).toMatch(new RegExp(`^mailto:${settings.salesEmail}\\?subject=`));
    expect(document.getElementById('cta')).toContainElement(screen.getByRole('link', { name: /^Get Custom Quote/ }));
  });

  it('shows the plan prices and the Most Popular badge on the SME plan', () => {
    renderPage(KaaRadaPage, '/kaa-rada');
    const sme = screen.getByRole('article', { name: 'SME Cluster' });
    expect(within(sme).getByText('Most Popular')).toBeInTheDocument();
    expect(within(sme).getByText('KES 50,000')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Starter Cluster' })).getByText('KES 15,000')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Enterprise Cluster' })).queryByText('Most Popular')).toBeNull();
  });
});

describe('/edge', () => {
  it('has the sections, the model tags and every link of the spec', () => {
    renderPage(EdgePageAlone, '/edge');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const title of ['Power Engines', 'Chat AI', 'Edge Solutions', 'Who Is This For?']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    for (const model of ['Llama 3.1', 'Mistral', 'Whisper', 'Stable Diffusion XL']) {
      expect(screen.getByText(model)).toBeInTheDocument();
    }
    expectExternal('Book a Call', settings.bookingUrl);
    expectInternal('Back the Project', '/dashboard', 2);
    expectInternal('Reserve Capacity', '/contact');
    expectInternal('View All Use Cases', '/iaas');
    expectExternal('Launch Enterprise Agent', settings.enterpriseAgentUrl);
    // Not in the spec: investors reach the investment pitch of /auth (no other page links it).
    expectInternal('Invest with us', '/auth');
    expect(links('Invest with us')[0]).toHaveAttribute('href', '/auth?tab=register');
  });

  it('falls back to the default server image when its illustration fails', () => {
    renderPage(EdgePageAlone, '/edge');
    const img = screen.getByRole('img', { name: /GPU nodes/ });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', defaultServerImage);
  });
});

describe('/iaas', () => {
  it('has the features, the claims and the links of the spec', () => {
    renderPage(IaasPage, '/iaas');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const title of ['Virtual Servers', 'Cloud Storage', 'Network Infrastructure', 'Security & Compliance']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    for (const figure of ['99.9%', '24/7', '500+']) expect(screen.getByText(figure)).toBeInTheDocument();
    expectExternal('Book a Call', settings.bookingUrl);
    expectInternal('Request a Quote', '/contact');
    expectExternal('Book a Demo', settings.bookingUrl);
    expectInternal('Get Custom Quote', '/contact');
  });
});

describe('/about', () => {
  it('has the mission pillars, the story and the values', () => {
    renderPage(AboutPage, '/about');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const title of ['Our Mission', 'Our Story', 'Our Values']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    for (const title of ['Infrastructure', 'Security', 'Performance', 'Local Expertise', 'Innovation', 'Reliability', 'Partnership']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });
});

describe('/testimonials', () => {
  it('splits the 8 testimonials, labels the ratings and links the call to action', () => {
    renderPage(TestimonialsPage, '/testimonials');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const label of ['Satisfied Clients', 'Average Uptime', 'African Countries', 'Expert Support']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    const featured = screen.getByRole('region', { name: 'Featured Success Stories' });
    const others = screen.getByRole('region', { name: 'What Our Clients Say' });
    const featuredCount = testimonials().filter((t) => t.featured).length;
    expect(within(featured).getAllByRole('figure')).toHaveLength(featuredCount);
    expect(within(others).getAllByRole('figure')).toHaveLength(8 - featuredCount);
    expect(screen.getAllByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveLength(8);
    expectInternal('Get Started Today', '/register');
    expectExternal('Schedule Consultation', settings.bookingUrl);
    expectInternal('Contact Us', '/contact');
  });
});

describe('TestimonialCard', () => {
  it('shows the quote, the client, the service, the date and the rating', () => {
    const item = testimonials()[4]!;
    render(
      <ul>
        <TestimonialCard item={item} />
      </ul>,
    );
    expect(screen.getByRole('img', { name: `Rated ${item.rating} out of 5` })).toBeInTheDocument();
    expect(screen.getByText(item.testimonial)).toBeInTheDocument();
    expect(screen.getByText(item.name)).toBeInTheDocument();
    expect(screen.getByText(`${item.position}, ${item.company}`)).toBeInTheDocument();
    expect(screen.getByText(item.service)).toBeInTheDocument();
    expect(screen.getByText('October 2024')).toHaveAttribute('dateTime', item.date);
  });
});
