import { describe, expect, it } from 'vitest';
import {
  featuredTestimonials,
  formatTestimonialDate,
  initials,
  otherTestimonials,
  testimonialServices,
  testimonialStats,
  testimonials,
} from './testimonials-data';

describe('Testimonials data (spec §2, §3)', () => {
  it('has the four stats exactly', () => {
    expect(testimonialStats()).toEqual([
      { value: '250+', label: 'Satisfied Clients' },
      { value: '99.9%', label: 'Average Uptime' },
      { value: '35+', label: 'African Countries' },
      { value: '24/7', label: 'Expert Support' },
    ]);
  });

  it('allows exactly the services the spec names', () => {
    expect([...testimonialServices]).toEqual([
      'Bare Metal Servers',
      'Cloud Infrastructure',
      'Edge Computing',
      'Managed Infrastructure',
      'Data Center Solutions',
      'Virtual Servers',
      'Storage Solutions',
    ]);
  });

  it('has 8 fixed testimonials with unique ids, every field filled, ratings 1 to 5 and an allowed service', () => {
    expect(testimonials()).toHaveLength(8);
    expect(new Set(testimonials().map((t) => t.id)).size).toBe(8);
    for (const t of testimonials()) {
      for (const field of ['name', 'position', 'company', 'location', 'image', 'date', 'testimonial'] as const) {
        expect(t[field].trim(), `${t.id}.${field}`).not.toBe('');
      }
      expect(Number.isInteger(t.rating)).toBe(true);
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
      expect(testimonialServices).toContain(t.service);
      expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(t.date))).toBe(false);
    }
  });

  it('splits into featured success stories and the others', () => {
    expect(featuredTestimonials().length).toBeGreaterThan(0);
    expect(otherTestimonials().length).toBeGreaterThan(0);
    expect(featuredTestimonials().every((t) => t.featured)).toBe(true);
    expect(otherTestimonials().every((t) => !t.featured)).toBe(true);
    expect(featuredTestimonials().length + otherTestimonials().length).toBe(8);
  });

  it('uses our own SVG initials avatars, never an image from another host', () => {
    for (const t of testimonials()) {
      expect(t.image).toMatch(/^data:image\/svg\+xml,/);
      expect(decodeURIComponent(t.image)).toContain(`>${initials(t.name)}</text>`);
    }
  });

  it('formats initials and dates', () => {
    expect(initials('Amina Wanjiru')).toBe('AW');
    expect(initials('Cher')).toBe('C');
    expect(formatTestimonialDate('2025-03-18')).toBe('March 2025');
  });
});
