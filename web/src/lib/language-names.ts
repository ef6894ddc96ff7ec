// Languages as the staff pages name them (the console and the admin are in
// English): a chat's language, an agent's, a canned reply's.

import type { Language } from '@/api-types/Language';

export const staffLanguages: readonly Language[] = ['en', 'fr', 'sw'];

export const languageNames: Record<Language, string> = { en: 'English', fr: 'French', sw: 'Kiswahili' };
