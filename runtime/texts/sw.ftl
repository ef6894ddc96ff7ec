# Maneno ambayo lango (gateway) na workers huwaambia watu, kwa Kiswahili:
# ujumbe wa gumzo, barua pepe kwa wageni na watumiaji, na tarehe zake. Ujumbe na vigeu
# vilevile kama vya Kiingereza (en.ftl), vinavyokaguliwa na runtime::texts.

## Taarifa ndani ya gumzo: huandikwa kwa lugha ya gumzo.

chat-offline-email = Timu yetu ya usaidizi haipo mtandaoni kwa sasa. Tumepokea ujumbe wako na tutakujibu kwa barua pepe kupitia { $email }.
chat-offline-here = Timu yetu ya usaidizi haipo mtandaoni kwa sasa. Tumepokea ujumbe wako na tutakujibu hapa mhudumu atakaporudi.
chat-joined = { $agent } amejiunga na gumzo
chat-resolved = Gumzo hili limewekwa alama kuwa limetatuliwa.
chat-reopened = Gumzo hili limefunguliwa tena.

## Barua pepe: sehemu zinazotumiwa na barua pepe kadhaa.

# Tarehe na saa katika barua pepe, kwa muundo wa chrono (saa za Afrika Mashariki).
email-date-time = %-d %B %Y, saa %H:%M (EAT)
email-support = Usaidizi
email-visit-site = Tembelea tovuti yetu
email-file-links = Viungo vya faili vitafanya kazi kwa siku { $days }.

## Nakala ya gumzo, kwa mgeni.

transcript-subject = Nakala ya gumzo lako na { $company }
transcript-greeting = Habari { $name }, hii ndiyo nakala ya gumzo lako na { $company }, lililoanza { $started }.
transcript-empty = Bado hakuna aliyeandika katika gumzo hili.
transcript-notice = Taarifa
transcript-by-email = { $who } (kwa barua pepe)
transcript-emailed = { $who } (imetumwa kwa barua pepe)
transcript-follow-up = Ili kuendelea, jibu barua pepe hii au anzisha gumzo jipya kwenye tovuti yetu.

# Anachoambiwa mgeni anapoomba nakala ya gumzo.
transcript-queued = Tunatuma nakala ya gumzo kwa barua pepe kwenda { $email }.
transcript-code-sent = Ili kulinda anwani yako, tumetuma msimbo wa tarakimu 6 kwenda { $email }. Uweke hapa ili kupokea nakala ya gumzo.
transcript-code-wrong = Msimbo huo si sahihi. Tafadhali angalia barua pepe na ujaribu tena.
transcript-code-expired = Muda wa msimbo huu umekwisha. Tafadhali omba mpya.

## Msimbo unaothibitisha anwani ya gumzo.

address-code-subject = Msimbo wako wa uthibitisho wa { $company }
address-code-intro = Mtu fulani ameomba nakala ya gumzo na { $company } itumwe kwenye anwani hii. Ili kuthibitisha kuwa anwani hii ni yako, weka msimbo huu kwenye gumzo:
address-code-label = Msimbo
address-code-expiry = Msimbo huu utafanya kazi kwa dakika { $minutes }. Ikiwa hukuuomba, puuza barua pepe hii: hatutakutumia kitu kingine.

## Majibu ya wahudumu ambayo mgeni hakuyaona kabla ya kuondoka kwenye gumzo.

replies-subject = { $agent } amejibu gumzo lako na { $company }
replies-sender = { $agent } kupitia { $company }
replies-intro = { $count ->
    [one] Habari { $name }, uliondoka kwenye gumzo kabla ya kuona jibu hili:
   *[other] Habari { $name }, uliondoka kwenye gumzo kabla ya kuona majibu haya { $count }:
}
replies-answer = Ili kujibu, jibu barua pepe hii au endelea na gumzo kwenye tovuti yetu.
replies-continue = Endelea na gumzo
replies-why = Tunakutumia jibu kwa barua pepe pale tu ulipoondoka kwenye gumzo kabla ya kuliona. Ili kusitisha barua pepe hizi:
replies-stop = Sitisha barua pepe kuhusu gumzo zangu

## Uthibitisho wa kupokea ombi la mawasiliano au la onyesho, kwa mgeni.

email-greeting = Habari { $name },
email-signature = Timu ya { $company }
contact-ack-subject = Tumepokea ujumbe wako: { $subject }
contact-ack-thanks = Asante kwa kuwasiliana na { $company }. Tumepokea ujumbe wako na tutakujibu ndani ya saa 24.
contact-ack-records = Kwa kumbukumbu zako, huu ndio ujumbe uliotutumia:
contact-ack-subject-label = Mada
contact-ack-more = Ikiwa ungependa kuongeza chochote, jibu tu barua pepe hii.

## Ukaribisho kwa mtumiaji aliyejisajili hivi punde.

welcome-subject = Karibu { $company }
welcome-ready = Karibu { $company }. Akaunti yako ya { $email } iko tayari: ingia ili kuona dashibodi yako na huduma zetu.
welcome-sign-in = Ingia
welcome-questions = Una swali kuhusu huduma au nukuu ya bei? Jibu barua pepe hii, au tupigie simu kupitia { $phone }.
