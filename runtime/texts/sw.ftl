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

# Majibu ya ukurasa unaofunguliwa na kiungo cha "sitisha" cha barua pepe ya
# majibu (/chat-emails), kwa lugha ya msomaji.
chat-emails-stopped = Hatutatuma tena barua pepe kwa { $email } kuhusu gumzo. Majibu yatabaki kwenye gumzo katika tovuti yetu.
chat-emails-sending = Majibu utakayokosa kwenye gumzo yatatumwa tena kwa barua pepe kwenda { $email }.
chat-emails-invalid-link = Kiungo hiki si sahihi. Tafadhali nakili kiungo chote kutoka kwenye barua pepe.

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

## Sehemu zinazoshirikiwa na barua pepe zilizo hapa chini.

email-hello = Habari,

## Kiungo cha kuweka upya nenosiri.

reset-subject = Weka upya nenosiri lako la { $company }
reset-request = Tumepokea ombi la kuweka upya nenosiri la akaunti yako ya { $company } ({ $email }). Chagua nenosiri jipya hapa:
reset-link = Weka upya nenosiri langu
reset-expiry = Kiungo hiki kinafanya kazi mara moja tu, ndani ya dakika { $minutes }. Ukiweka upya nenosiri lako, utaondolewa kwenye akaunti kila mahali ulipoingia.
reset-ignore = Ikiwa hukuomba hili, puuza barua pepe hii: nenosiri lako litabaki lilivyo.

## Uthibitisho wa usajili wa kupokea habari (uthibitisho mara mbili), ujumbe mmoja kwa kila mada.

subscription-subject-blog = Thibitisha usajili wako wa kupokea makala mapya ya blogu ya Nyota
subscription-subject-events = Thibitisha usajili wako wa kupokea habari za matukio yajayo ya Nyota
subscription-about-blog = Tafadhali thibitisha kwamba { $email } inapaswa kupokea barua pepe kuhusu makala mapya ya blogu ya Nyota.
subscription-about-events = Tafadhali thibitisha kwamba { $email } inapaswa kupokea barua pepe kuhusu matukio yajayo ya Nyota.
subscription-confirm = Thibitisha usajili wangu
subscription-ignore = Ikiwa hukuomba hili, puuza barua pepe hii: bila uthibitisho wako hutapokea chochote kutoka kwetu.
subscription-unsubscribe = Jiondoe

## Uthibitisho wa kujiunga na orodha ya kusubiri, ujumbe mmoja kwa kila hitaji.

waitlist-general-subject = Uko kwenye orodha ya kusubiri ya { $company }
waitlist-general-what = Umeorodheshwa kwenye orodha ya kusubiri akaunti ya { $company }.
waitlist-general-next = Tutakutumia barua pepe mara tu usajili utakapofunguliwa kwako.
waitlist-gpu-subject = Uko kwenye orodha ya ufikiaji wa mapema wa klasta ya GPU ya { $company }
waitlist-gpu-what = Umeorodheshwa kwenye orodha ya ufikiaji wa mapema wa klasta ya GPU ya { $company }.
waitlist-gpu-next = Tutakutumia barua pepe ufikiaji wa mapema utakapofunguliwa, pamoja na uwezo na masharti yanayotolewa.
waitlist-ignore = Ikiwa hukuomba hili, puuza barua pepe hii: vinginevyo hatutakuandikia kuhusu jambo hili. Una swali? Jibu tu barua pepe hii.

## Barua pepe za ombi linalohusu data binafsi. Ombi linatajwa kama
## "ombi lako la …" ($request) na kile linachoomba kama $label.

privacy-request-access = ombi lako la kupata data yako
privacy-request-correction = ombi lako la kurekebisha data yako
privacy-request-erasure = ombi lako la kufuta data yako
privacy-label-access = nakala ya data yako
privacy-label-correction = marekebisho ya data yako
privacy-label-erasure = kufutwa kwa data yako
privacy-confirm-subject = Thibitisha ombi lako kuhusu data binafsi
privacy-confirm-intro = Tumepokea ombi la { $label } inayoshikiliwa na { $company } chini ya anwani { $email }. Tafadhali thibitisha kwamba anwani hii ni yako na kwamba wewe ndiye uliyetuma ombi hili:
privacy-confirm-link = Thibitisha ombi langu
privacy-confirm-expiry = Kiungo hiki kinafanya kazi kwa siku { $days }. Ikiwa hukuomba hili, puuza barua pepe hii: hakuna kitakachofanyika bila uthibitisho wako.
privacy-export-subject = Data yako kutoka { $company } iko tayari
privacy-export-ready = Nakala ya data yako uliyoiomba iko tayari: faili moja lenye kila kumbukumbu tuliyonayo kuhusu { $email }, kama data (data.json) na kama ukurasa unaoweza kusoma (summary.html), pamoja na viambatisho vya mazungumzo yako.
privacy-export-link = Pakua data yangu
privacy-export-expiry = Kiungo hiki kinafanya kazi hadi { $until } (siku { $days }). Yeyote aliye nacho anaweza kupakua faili hili, kwa hivyo usimpe mtu mwingine barua pepe hii.
privacy-ack-subject = Tumepokea { $request }
privacy-ack-received = Tumepokea { $request } la tarehe { $received }: ombi lako la { $label } inayoshikiliwa na { $company } chini ya anwani { $email }. Timu yetu inalishughulikia.
privacy-ack-due = Tutalikamilisha kufikia tarehe { $due } au kabla yake. Tukihitaji chochote zaidi kutoka kwako ili kufanya hivyo, tutakuandikia kwa anwani hii.
privacy-update-subject = Taarifa kuhusu { $request }
privacy-update-progress = Taarifa kuhusu { $request } la tarehe { $received } (ombi lako la { $label } inayoshikiliwa na { $company } chini ya anwani { $email }): tumelipitia na sasa tunalitekeleza.
privacy-update-due = Litakamilika kufikia tarehe { $due } au kabla yake, na tutakutumia barua pepe kwa anwani hii litakapokamilika.
privacy-question = Ikiwa hukutuma ombi hili, au una swali kuhusu ombi hili, jibu barua pepe hii.

## The API's refusals, in the reader's language (Accept-Language).

api-not-found = Haikupatikana
api-method-not-allowed = Mbinu hii hairuhusiwi hapa
api-request-timeout = Maudhui ya ombi hayakufika kwa wakati
api-payload-too-large = Maudhui ya ombi ni makubwa mno
api-internal = Hitilafu imetokea upande wetu. Tafadhali jaribu tena.
api-busy = Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena.
api-too-many-connections = Miunganisho iliyo wazi ni mingi mno. Tafadhali jaribu tena baada ya muda mfupi.

# A field of a public form, as its refusals name it ("Sehemu ya jina inahitajika").
field-name = jina
field-email = barua pepe
field-subject = mada
field-message = ujumbe
field-phone = namba ya simu
field-password = nenosiri
field-company = kampuni

# A field's refusals; $field is one of the field-* names above.
input-required = Sehemu ya { $field } inahitajika
input-empty = Sehemu ya { $field } haiwezi kuwa tupu
input-too-long = Sehemu ya { $field } isizidi herufi { $max }
input-length = Sehemu ya { $field } iwe na herufi kati ya { $min } na { $max }
input-one-line = Sehemu ya { $field } iwe katika mstari mmoja
input-control-characters = Sehemu ya { $field } isiwe na herufi za udhibiti
input-own-name = Sehemu ya { $field } iwe na jina la mtu, si la kampuni wala la cheo
input-email-invalid = Tafadhali weka anwani sahihi ya barua pepe

# Signing in, the second factor and passkeys.
login-invalid = Barua pepe au nenosiri si sahihi
login-deactivated = Akaunti hii imezimwa. Tafadhali wasiliana na msimamizi wako.
sign-in-expired = Muda wa kuingia umekwisha. Tafadhali ingia tena kwa nenosiri lako.
code-wrong = Msimbo huo si sahihi. Kagua programu yako ya uthibitishaji kisha ujaribu tena.
passkey-refused = Passkey hiyo haikuweza kuthibitishwa. Jaribu tena, au tumia njia nyingine ya kuingia.
passkeys-unavailable = Passkey hazipatikani kwenye anwani hii. Tumia programu ya uthibitishaji badala yake.
app-already-set-up = Programu ya uthibitishaji tayari imewekwa. Iondoe kwanza ili kuweka nyingine.
app-no-set-up = Hakuna usanidi wa programu ya uthibitishaji unaosubiri kuthibitishwa. Anza upya.
app-set-up-used = Usanidi huu umeshathibitishwa, au msimbo umeshatumika. Anza upya.
passkey-no-set-up = Hakuna uongezaji wa passkey unaosubiri kukamilishwa, au ulichukua muda mrefu mno. Anza upya.
passkey-added-already = Passkey hii imeshaongezwa.
accounts-unavailable = Huduma ya akaunti haipatikani kwa muda. Tafadhali jaribu tena baada ya muda mfupi.

# The waitlist's answers.
waitlist-joined = Asante! Uko kwenye orodha ya kusubiri. Tumekutumia barua pepe ya uthibitisho.
waitlist-unavailable = Haiwezekani kujiunga na orodha ya kusubiri kwa sasa. Tafadhali jaribu tena.

# The subscriptions' answers (the subscribe boxes and the emailed links' page).
subscription-requested = Asante! Tafadhali angalia kikasha chako ili kuthibitisha usajili wako.
subscription-unavailable = Haiwezekani kujisajili kupokea habari kwa sasa. Tafadhali jaribu tena.
subscription-confirmed = Usajili wako umethibitishwa. Asante!
subscription-unsubscribed = Umejiondoa. Hutapokea tena barua pepe hizi.
subscription-link-invalid = Kiungo hiki cha usajili si sahihi.

# The password reset's answers (the forgot-password and reset-password pages).
reset-sent = Ikiwa kuna akaunti inayotumia anwani hii ya barua pepe, tumeitumia maelekezo ya kubadilisha nenosiri.
reset-unavailable = Huduma ya kubadilisha nenosiri haipatikani kwa sasa. Tafadhali jaribu tena.
reset-link-invalid = Kiungo hiki cha kubadilisha nenosiri si sahihi au muda wake umekwisha. Tafadhali omba kiungo kipya.
reset-done = Nenosiri lako limebadilishwa. Sasa unaweza kuingia kwa nenosiri lako jipya.

# Rate limits.
limit-register = Majaribio ya kujisajili ni mengi mno. Tafadhali jaribu tena baadaye.
limit-login = Majaribio ya kuingia ni mengi mno. Tafadhali jaribu tena baadaye.
limit-chat-start = Umeanzisha gumzo nyingi mno. Tafadhali jaribu tena baadaye.
limit-chat-message = Ujumbe ni mwingi mno. Tafadhali punguza kasi kisha ujaribu tena.
limit-page-view = Kurasa zilizofunguliwa ni nyingi mno. Tafadhali punguza kasi.
limit-contact = Umetuma ujumbe mwingi mno. Tafadhali jaribu tena baadaye.
limit-waitlist = Maombi ya kujiunga na orodha ya kusubiri ni mengi mno. Tafadhali jaribu tena baadaye.
limit-subscribe = Maombi ya kujisajili kupokea habari ni mengi mno. Tafadhali jaribu tena baadaye.
limit-reset-request = Maombi ya kubadilisha nenosiri ni mengi mno. Tafadhali jaribu tena baadaye.
limit-reset-attempt = Majaribio ya kubadilisha nenosiri ni mengi mno. Tafadhali jaribu tena baadaye.
limit-transcript = Nakala hii ya gumzo imeshatumwa mara kadhaa. Tafadhali jaribu tena baada ya saa moja.
limit-transcript-email = Nakala kadhaa za gumzo zimeshatumwa kwa anwani hii. Tafadhali jaribu tena baada ya saa moja.
limit-code-email = Misimbo kadhaa imeshatumwa kwa anwani hii. Tafadhali tumia msimbo wa mwisho, au jaribu tena baada ya saa moja.
limit-chat-email = Umeomba barua pepe nyingi mno. Tafadhali jaribu tena baada ya saa moja.
limit-preview = Mionekano ya awali ni mingi mno. Tafadhali subiri kidogo kisha ujaribu tena.
limit-attachment-upload = Umeambatisha faili nyingi mno. Tafadhali subiri dakika chache kisha ujaribu tena.
limit-attachment-read = Vipakuliwa ni vingi mno. Tafadhali punguza kasi kisha ujaribu tena.
limit-profile = Mabadiliko ni mengi mno. Tafadhali subiri dakika moja kisha ujaribu tena.
limit-privacy = Maombi kuhusu data yako ni mengi mno. Tafadhali jaribu tena baadaye.
limit-export-download = Vipakuliwa ni vingi mno. Tafadhali jaribu tena baadaye.
limit-consent = Chaguo za vidakuzi ni nyingi mno. Tafadhali jaribu tena baadaye.
limit-codes = Umejaribu misimbo mingi mno. Tafadhali subiri dakika moja kisha ujaribu tena.
limit-second-factor-change = Mabadiliko ya hatua ya pili ya uthibitishaji ni mengi mno. Tafadhali jaribu tena baadaye.

## Muda wa kusoma makala ya blogu, kwa lugha ya makala.

post-read-time = { $minutes ->
    [one] Dakika { $minutes } ya kusoma
   *[other] Dakika { $minutes } za kusoma
}
