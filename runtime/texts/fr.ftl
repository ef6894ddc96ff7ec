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
