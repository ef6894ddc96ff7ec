# Ce que la passerelle et les workers disent aux personnes, en français :
# les messages des conversations, les e-mails aux visiteurs et aux utilisateurs,
# et leurs dates. Mêmes messages et mêmes variables qu'en anglais (en.ftl),
# vérifiés par runtime::texts.

## Messages dans une conversation : écrits dans la langue de la conversation.

chat-offline-email = Notre équipe d’assistance est actuellement hors ligne. Nous avons bien reçu votre message et vous répondrons par e-mail à { $email }.
chat-offline-here = Notre équipe d’assistance est actuellement hors ligne. Nous avons bien reçu votre message et vous répondrons ici dès qu’un conseiller sera de retour.
chat-joined = { $agent } a rejoint la conversation
chat-resolved = Cette conversation a été marquée comme résolue.
chat-reopened = Cette conversation a été rouverte.

## E-mails : les parties communes.

# Date et heure dans un e-mail, au format chrono (heure d'Afrique de l'Est).
email-date-time = %-d %B %Y à %H:%M (heure EAT)
email-support = Assistance
email-visit-site = Visiter notre site
email-file-links = Les liens vers les fichiers sont valables { $days } jours.

## La transcription d’une conversation, envoyée au visiteur.

transcript-subject = La transcription de votre conversation avec { $company }
transcript-greeting = Bonjour { $name }, voici la transcription de votre conversation avec { $company }, commencée le { $started }.
transcript-empty = Personne n’a encore écrit dans cette conversation.
transcript-notice = Information
transcript-by-email = { $who } (par e-mail)
transcript-emailed = { $who } (envoyé par e-mail)
transcript-follow-up = Pour donner suite, répondez à cet e-mail ou ouvrez une nouvelle conversation sur notre site.

# Ce que le widget affiche quand le visiteur demande la transcription.
transcript-queued = Nous envoyons la transcription par e-mail à { $email }.
transcript-code-sent = Pour protéger votre adresse, nous avons envoyé un code à 6 chiffres à { $email }. Saisissez-le ici pour recevoir la transcription.
transcript-code-wrong = Ce code n’est pas le bon. Vérifiez l’e-mail et réessayez.
transcript-code-expired = Ce code a expiré. Veuillez en demander un nouveau.

## Le code qui confirme l’adresse d’une conversation.

address-code-subject = Votre code de confirmation { $company }
address-code-intro = Quelqu’un a demandé que la transcription d’une conversation avec { $company } soit envoyée à cette adresse. Pour confirmer que cette adresse est bien la vôtre, saisissez ce code dans la conversation :
address-code-label = Code
address-code-expiry = Le code est valable { $minutes } minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail : nous ne vous enverrons rien d’autre.

## Les réponses des conseillers qu’un visiteur n’a pas vues avant de quitter la conversation.

replies-subject = { $agent } a répondu à votre conversation avec { $company }
replies-sender = { $agent } pour { $company }
replies-intro = { $count ->
    [one] Bonjour { $name }, vous avez quitté la conversation avant de voir cette réponse :
   *[other] Bonjour { $name }, vous avez quitté la conversation avant de voir ces { $count } réponses :
}
replies-answer = Pour répondre, répondez à cet e-mail ou reprenez la conversation sur notre site.
replies-continue = Reprendre la conversation
replies-why = Nous ne vous envoyons une réponse par e-mail que si vous avez quitté la conversation avant de la voir. Pour ne plus recevoir ces e-mails :
replies-stop = Ne plus recevoir d’e-mails sur mes conversations

# Les réponses de la page qu’ouvre le lien « ne plus recevoir » d’un e-mail
# de réponses (/chat-emails), dans la langue du lecteur.
chat-emails-stopped = Nous n’enverrons plus d’e-mails à { $email } au sujet de vos conversations. Les réponses restent consultables dans la conversation sur notre site.
chat-emails-sending = Les réponses que vous manquez dans une conversation seront de nouveau envoyées par e-mail à { $email }.
chat-emails-invalid-link = Ce lien n’est pas valide. Veuillez copier le lien complet depuis l’e-mail.

## L’accusé de réception d’une demande de contact ou de démonstration, envoyé au visiteur.

email-greeting = Bonjour { $name },
email-signature = L’équipe { $company }
contact-ack-subject = Nous avons bien reçu votre message : { $subject }
contact-ack-thanks = Merci d’avoir contacté { $company }. Nous avons bien reçu votre message et nous vous répondrons sous 24 heures.
contact-ack-records = Pour mémoire, voici ce que vous nous avez envoyé :
contact-ack-subject-label = Objet
contact-ack-more = Si vous souhaitez ajouter quoi que ce soit, il vous suffit de répondre à cet e-mail.

## Le message de bienvenue à un nouvel utilisateur.

welcome-subject = Bienvenue chez { $company }
welcome-ready = Bienvenue chez { $company }. Votre compte { $email } est prêt : connectez-vous pour accéder à votre tableau de bord et à nos services.
welcome-sign-in = Se connecter
welcome-questions = Une question sur un service ou un devis ? Répondez à cet e-mail ou appelez-nous au { $phone }.

## Les parties communes aux e-mails ci-dessous.

email-hello = Bonjour,

## Le lien de réinitialisation du mot de passe.

reset-subject = Réinitialisez votre mot de passe { $company }
reset-request = Nous avons reçu une demande de réinitialisation du mot de passe de votre compte { $company } ({ $email }). Choisissez un nouveau mot de passe ici :
reset-link = Réinitialiser mon mot de passe
reset-expiry = Le lien ne fonctionne qu’une seule fois, pendant { $minutes } minutes. La réinitialisation de votre mot de passe vous déconnecte de tous vos appareils.
reset-ignore = Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.

## La confirmation d’un abonnement (double validation), un texte par thème.

subscription-subject-blog = Confirmez votre abonnement aux nouveaux articles du blog Nyota
subscription-subject-events = Confirmez votre abonnement aux prochains événements Nyota
subscription-about-blog = Veuillez confirmer que { $email } souhaite recevoir par e-mail les nouveaux articles du blog Nyota.
subscription-about-events = Veuillez confirmer que { $email } souhaite recevoir par e-mail les prochains événements Nyota.
subscription-confirm = Confirmer mon abonnement
subscription-ignore = Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : sans votre confirmation, vous ne recevrez rien de notre part.
subscription-unsubscribe = Se désabonner

## La confirmation d’une inscription sur liste d’attente, un texte par intérêt.

waitlist-general-subject = Vous êtes sur la liste d’attente { $company }
waitlist-general-what = Votre inscription sur la liste d’attente pour un compte { $company } est bien enregistrée.
waitlist-general-next = Nous vous écrirons dès que les inscriptions vous seront ouvertes.
waitlist-gpu-subject = Vous êtes sur la liste d’accès anticipé au cluster GPU { $company }
waitlist-gpu-what = Votre inscription sur la liste d’accès anticipé au cluster GPU { $company } est bien enregistrée.
waitlist-gpu-next = Nous vous écrirons à l’ouverture de l’accès anticipé, en précisant la capacité et les conditions proposées.
waitlist-ignore = Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : nous ne vous écrirons pas à ce sujet. Une question ? Répondez simplement à cet e-mail.

## Les e-mails d’une demande relative aux données personnelles. La demande
## est nommée « votre demande … » ($request) et son objet $label.

privacy-request-access = votre demande d’accès à vos données
privacy-request-correction = votre demande de rectification de vos données
privacy-request-erasure = votre demande d’effacement de vos données
privacy-label-access = une copie de vos données
privacy-label-correction = la rectification de vos données
privacy-label-erasure = l’effacement de vos données
privacy-confirm-subject = Confirmez votre demande relative à vos données personnelles
privacy-confirm-intro = Nous avons reçu une demande concernant { $label } détenues par { $company } sous l’adresse { $email }. Veuillez confirmer que cette adresse est bien la vôtre et que vous êtes à l’origine de la demande :
privacy-confirm-link = Confirmer ma demande
privacy-confirm-expiry = Le lien est valable { $days } jours. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne se passera sans votre confirmation.
privacy-export-subject = Vos données { $company } sont prêtes
privacy-export-ready = La copie de vos données que vous avez demandée est prête : une archive contenant toutes les informations que nous détenons sur { $email }, sous forme de données (data.json) et de page lisible (summary.html), avec les pièces jointes de vos conversations.
privacy-export-link = Télécharger mes données
privacy-export-expiry = Le lien est valable jusqu’au { $until } ({ $days } jours). Toute personne qui le possède peut télécharger l’archive : ne transférez donc pas cet e-mail.
privacy-ack-subject = Nous avons bien reçu { $request }
privacy-ack-received = Nous avons bien reçu { $request } du { $received } : votre demande concernant { $label } détenues par { $company } sous l’adresse { $email }. Notre équipe la traite.
privacy-ack-due = Nous la traiterons au plus tard le { $due }. Si nous avons besoin d’autres informations de votre part, nous vous écrirons à cette adresse.
privacy-update-subject = Suivi de { $request }
privacy-update-progress = Suivi de { $request } du { $received } (votre demande concernant { $label } détenues par { $company } sous l’adresse { $email }) : nous l’avons examinée et nous sommes en train de la traiter.
privacy-update-due = Elle sera traitée au plus tard le { $due }, et nous vous écrirons à cette adresse une fois que ce sera fait.
privacy-question = Si vous n’êtes pas à l’origine de cette demande ou si vous avez une question à son sujet, répondez à cet e-mail.

## The API's refusals, in the reader's language (Accept-Language).

api-not-found = Introuvable
api-method-not-allowed = Cette méthode n’est pas autorisée ici
api-request-timeout = Le corps de la requête n’est pas arrivé à temps
api-payload-too-large = Le corps de la requête est trop volumineux
api-internal = Un problème est survenu de notre côté. Veuillez réessayer.
api-busy = Le service est momentanément indisponible. Veuillez réessayer.
api-too-many-connections = Trop de connexions ouvertes. Veuillez réessayer dans un instant.

# A field of a public form, as its refusals begin ("Le nom est obligatoire").
field-name = Le nom
field-email = L’adresse e-mail
field-subject = L’objet
field-message = Le message
field-phone = Le numéro de téléphone
field-password = Le mot de passe
field-company = L’entreprise

# A field's refusals; $field is one of the field-* names above.
input-required = { $field } est obligatoire
input-empty = { $field } ne peut pas être vide
input-too-long = { $field } ne doit pas dépasser { $max } caractères
input-length = { $field } doit compter entre { $min } et { $max } caractères
input-one-line = { $field } doit tenir sur une seule ligne
input-control-characters = { $field } ne doit pas contenir de caractères de contrôle
input-own-name = { $field } doit désigner une personne, et non l’entreprise ou une fonction
input-email-invalid = Veuillez saisir une adresse e-mail valide

# Signing in, the second factor and passkeys.
login-invalid = E-mail ou mot de passe incorrect
login-deactivated = Ce compte a été désactivé. Veuillez contacter votre administrateur.
sign-in-expired = Votre connexion a expiré. Veuillez vous reconnecter avec votre mot de passe.
code-wrong = Ce code n’est pas valide. Vérifiez votre application d’authentification et réessayez.
passkey-refused = Cette clé d’accès n’a pas pu être vérifiée. Réessayez ou utilisez un autre moyen de connexion.
passkeys-unavailable = Les clés d’accès ne sont pas disponibles à cette adresse. Utilisez plutôt une application d’authentification.
app-already-set-up = Une application d’authentification est déjà configurée. Supprimez-la d’abord pour en configurer une autre.
app-no-set-up = Aucune configuration d’application d’authentification n’est à confirmer. Recommencez.
app-set-up-used = Cette configuration a déjà été confirmée, ou le code a déjà servi. Recommencez.
passkey-no-set-up = Aucun ajout de clé d’accès n’est à terminer, ou il a pris trop de temps. Recommencez.
passkey-added-already = Cette clé d’accès est déjà ajoutée.
accounts-unavailable = Le service des comptes est momentanément indisponible. Veuillez réessayer dans un instant.

# The waitlist's answers.
waitlist-joined = Merci ! Vous êtes sur la liste d’attente. Nous vous avons envoyé un e-mail de confirmation.
waitlist-unavailable = Impossible de rejoindre la liste d’attente pour le moment. Veuillez réessayer.

# The subscriptions' answers (the subscribe boxes and the emailed links' page).
subscription-requested = Merci ! Veuillez consulter votre boîte de réception pour confirmer votre abonnement.
subscription-unavailable = Les abonnements ne peuvent pas être enregistrés pour le moment. Veuillez réessayer.
subscription-confirmed = Votre abonnement est confirmé. Merci !
subscription-unsubscribed = Votre désabonnement est pris en compte. Vous ne recevrez plus ces e-mails.
subscription-link-invalid = Ce lien d’abonnement n’est pas valide.

# The password reset's answers (the forgot-password and reset-password pages).
reset-sent = Si un compte utilise cette adresse e-mail, nous lui avons envoyé les instructions de réinitialisation du mot de passe.
reset-unavailable = La réinitialisation du mot de passe n’est pas disponible pour le moment. Veuillez réessayer.
reset-link-invalid = Ce lien de réinitialisation n’est pas valide ou a expiré. Veuillez en demander un nouveau.
reset-done = Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.

# Rate limits.
limit-register = Trop de tentatives d’inscription. Veuillez réessayer plus tard.
limit-login = Trop de tentatives de connexion. Veuillez réessayer plus tard.
limit-chat-start = Trop de conversations ouvertes. Veuillez réessayer plus tard.
limit-chat-message = Trop de messages. Veuillez ralentir, puis réessayer.
limit-page-view = Trop de pages consultées. Veuillez ralentir.
limit-contact = Trop de messages envoyés. Veuillez réessayer plus tard.
limit-waitlist = Trop de demandes d’inscription à la liste d’attente. Veuillez réessayer plus tard.
limit-subscribe = Trop de demandes d’abonnement. Veuillez réessayer plus tard.
limit-reset-request = Trop de demandes de réinitialisation du mot de passe. Veuillez réessayer plus tard.
limit-reset-attempt = Trop de tentatives de réinitialisation du mot de passe. Veuillez réessayer plus tard.
limit-transcript = Cette transcription a déjà été envoyée plusieurs fois. Veuillez réessayer dans une heure.
limit-transcript-email = Plusieurs transcriptions ont déjà été envoyées à cette adresse. Veuillez réessayer dans une heure.
limit-code-email = Plusieurs codes ont déjà été envoyés à cette adresse. Veuillez utiliser le dernier, ou réessayer dans une heure.
limit-chat-email = Trop d’e-mails demandés. Veuillez réessayer dans une heure.
limit-preview = Trop d’aperçus. Veuillez patienter un instant, puis réessayer.
limit-attachment-upload = Trop de fichiers joints. Veuillez patienter quelques minutes, puis réessayer.
limit-attachment-read = Trop de téléchargements. Veuillez ralentir, puis réessayer.
limit-profile = Trop de modifications. Veuillez patienter une minute, puis réessayer.
limit-privacy = Trop de demandes relatives à vos données. Veuillez réessayer plus tard.
limit-export-download = Trop de téléchargements. Veuillez réessayer plus tard.
limit-consent = Trop de choix concernant les cookies. Veuillez réessayer plus tard.
limit-codes = Trop de codes essayés. Patientez une minute, puis réessayez.
limit-second-factor-change = Trop de modifications du second facteur. Veuillez réessayer plus tard.

## Le temps de lecture d’un article, dans la langue de l’article.

post-read-time = { $minutes ->
    [one] { $minutes } min de lecture
   *[other] { $minutes } min de lecture
}
