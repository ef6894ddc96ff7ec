// Languages as the agent console names them (the console is in English):
// a chat's language and the ones an agent answers in.

import type { Language } from '@/api-types/Language';

export const chatLanguages: readonly Language[] = ['en', 'fr', 'sw'];

export const languageNames: Record<Language, string> = { en: 'English', fr: 'French', sw: 'Kiswahili' };
