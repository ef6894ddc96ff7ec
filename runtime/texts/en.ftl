# What the gateway and the workers say to people, in English: the chat's
# notices, the emails to visitors and users, and the dates in them. The
# French (fr.ftl) and Kiswahili (sw.ftl) catalogues hold the same messages
# with the same variables; runtime::texts checks that they do.

## Notices in a chat: written in the chat's language when it happens.

chat-offline-email = Our support team is offline right now. We have your message and will reply by email to { $email }.
chat-offline-here = Our support team is offline right now. We have your message and will reply here when an agent is back.
chat-joined = { $agent } joined the chat
chat-resolved = This chat has been marked as resolved.
chat-reopened = This chat has been reopened.

## Emails: the parts several emails share.

# A date and time in an email, as a chrono format string (East Africa Time).
email-date-time = %-d %B %Y, %H:%M EAT
email-support = Support
email-visit-site = Visit our site
email-file-links = The links to the files work for { $days } days.

## The transcript of a chat, to its visitor.

transcript-subject = Your chat transcript from { $company }
transcript-greeting = Hello { $name }, here is the transcript of your chat with { $company }, started { $started }.
transcript-empty = Nobody has written in this chat yet.
transcript-notice = Notice
transcript-by-email = { $who } (by email)
transcript-emailed = { $who } (emailed)
transcript-follow-up = To follow up, reply to this email or start a new chat on our site.

# What the widget is told when the visitor asks for the transcript.
transcript-queued = We are emailing the transcript to { $email }.
transcript-code-sent = To keep your address safe, we have emailed a 6-digit code to { $email }. Enter it here to receive the transcript.
transcript-code-wrong = That code is not right. Please check the email and try again.
transcript-code-expired = This code has expired. Please ask for a new one.

## The code that confirms a chat's address.

address-code-subject = Your { $company } confirmation code
address-code-intro = Someone asked for the transcript of a chat with { $company } to be sent to this address. To confirm the address is yours, enter this code in the chat:
address-code-label = Code
address-code-expiry = The code works for { $minutes } minutes. If you did not ask for it, ignore this email: nothing more is sent to you.

## Agents' replies a visitor left the chat before seeing.

replies-subject = { $agent } replied to your chat with { $company }
replies-sender = { $agent } via { $company }
replies-intro = { $count ->
    [one] Hello { $name }, you left the chat before you saw this reply:
   *[other] Hello { $name }, you left the chat before you saw these { $count } replies:
}
replies-answer = To answer, reply to this email or continue the chat on our site.
replies-continue = Continue the chat
replies-why = We email you a reply only when you have left the chat before seeing it. To stop these emails:
replies-stop = Stop emails about my chats

# The answers of the page a reply email's "stop" link opens (/chat-emails),
# in the reader's language.
chat-emails-stopped = We will not email { $email } about chats any more. Replies stay in the chat on our site.
chat-emails-sending = Replies you miss in a chat will be emailed to { $email } again.
chat-emails-invalid-link = This link is not valid. Please copy the whole link from the email.

## The acknowledgement of a contact or demo request, to its visitor.

email-greeting = Hello { $name },
email-signature = The { $company } team
contact-ack-subject = We received your message: { $subject }
contact-ack-thanks = Thank you for contacting { $company }. We have received your message and we will reply within 24 hours.
contact-ack-records = For your records, this is what you sent us:
contact-ack-subject-label = Subject
contact-ack-more = If you need to add anything, simply reply to this email.

## The welcome to a newly registered user.

welcome-subject = Welcome to { $company }
welcome-ready = Welcome to { $company }. Your account for { $email } is ready: sign in to see your dashboard and our services.
welcome-sign-in = Sign in
welcome-questions = Questions about a service or a quote? Reply to this email, or call us on { $phone }.

## The parts the emails below share.

email-hello = Hello,

## The password reset link.

reset-subject = Reset your { $company } password
reset-request = We received a request to reset the password of your { $company } account ({ $email }). Choose a new password here:
reset-link = Reset my password
reset-expiry = The link works once, within { $minutes } minutes. Resetting your password signs you out everywhere.
reset-ignore = If you did not ask for this, ignore this email: your password stays as it is.

## The confirmation of a subscription (double opt-in), one text per topic.

subscription-subject-blog = Confirm your subscription to new articles on the Nyota blog
subscription-subject-events = Confirm your subscription to upcoming Nyota events
subscription-about-blog = Please confirm that { $email } should receive email about new articles on the Nyota blog.
subscription-about-events = Please confirm that { $email } should receive email about upcoming Nyota events.
subscription-confirm = Confirm my subscription
subscription-ignore = If you did not ask for this, ignore this email: without your confirmation you will not hear from us.
subscription-unsubscribe = Unsubscribe

## The confirmation of a waitlist entry, one text per interest.

waitlist-general-subject = You're on the { $company } waitlist
waitlist-general-what = You're on the waitlist for a { $company } account.
waitlist-general-next = We will email you as soon as registration is open to you.
waitlist-gpu-subject = You're on the { $company } GPU cluster early-access list
waitlist-gpu-what = You're on the early-access list for the { $company } GPU cluster.
waitlist-gpu-next = We will email you when early access opens, with the capacity and terms on offer.
waitlist-ignore = If you did not ask for this, ignore this email: we will not write to you about it otherwise. Questions? Simply reply to this email.

## The emails of a data subject request. A request is named as
## "your … request" ($request) and what it asks for as $label.

privacy-request-access = your data access request
privacy-request-correction = your data correction request
privacy-request-erasure = your data erasure request
privacy-label-access = a copy of your data
privacy-label-correction = a correction of your data
privacy-label-erasure = the erasure of your data
privacy-confirm-subject = Confirm your privacy request
privacy-confirm-intro = We received a request for { $label } held by { $company } under { $email }. Please confirm that this address is yours and that you made the request:
privacy-confirm-link = Confirm my request
privacy-confirm-expiry = The link works for { $days } days. If you did not ask for this, ignore this email: nothing happens without your confirmation.
privacy-export-subject = Your data from { $company } is ready
privacy-export-ready = The copy of your data you asked for is ready: one archive with every record we hold about { $email }, as data (data.json) and as a page you can read (summary.html), with your chat attachments.
privacy-export-link = Download my data
privacy-export-expiry = The link works until { $until } ({ $days } days). Anyone with it can download the archive, so keep this email to yourself.
privacy-ack-subject = We have received { $request }
privacy-ack-received = We have received { $request } of { $received }: your request for { $label } held by { $company } under { $email }. Our team is handling it.
privacy-ack-due = We will complete it by { $due } at the latest. If we need anything more from you to do so, we will write to you at this address.
privacy-update-subject = An update on { $request }
privacy-update-progress = An update on { $request } of { $received } (your request for { $label } held by { $company } under { $email }): we have reviewed it and are now carrying it out.
privacy-update-due = It will be complete by { $due } at the latest, and we will email you at this address when it is.
privacy-question = If you did not make this request, or have a question about it, reply to this email.

## The API's refusals, in the reader's language (Accept-Language). Each is
## made in the gateway with `Words::text("id")` (gateway/src/platform/words.rs).

api-not-found = Not found
api-method-not-allowed = This method is not allowed here
api-request-timeout = The request body did not arrive in time
api-payload-too-large = Request body is too large
api-internal = Something went wrong on our side. Please try again.
api-busy = The service is briefly unavailable. Please try again.
api-too-many-connections = Too many open connections. Please try again shortly.

# A field of a public form, as its refusals begin ("Name is required").
field-name = Name
field-email = Email
field-subject = Subject
field-message = Message
field-phone = Phone
field-password = Password
field-company = Company

# A field's refusals; $field is one of the field-* names above.
input-required = { $field } is required
input-empty = { $field } cannot be empty
input-too-long = { $field } must be at most { $max } characters
input-length = { $field } must be between { $min } and { $max } characters
input-one-line = { $field } must be on one line
input-control-characters = { $field } must not contain control characters
input-own-name = { $field } must be a person's own name, not the company's or a role's
input-email-invalid = Please enter a valid email address

# Signing in, the second factor and passkeys.
login-invalid = Invalid email or password
login-deactivated = This account has been deactivated. Please contact your administrator.
sign-in-expired = Your sign-in has expired. Please sign in again with your password.
code-wrong = That code is not valid. Check your authenticator app and try again.
passkey-refused = That passkey could not be verified. Try again, or use another way to sign in.
passkeys-unavailable = Passkeys are not available at this address. Use an authenticator app instead.
app-already-set-up = An authenticator app is already set up. Remove it first to set up another.
app-no-set-up = There is no authenticator app set-up to confirm. Start again.
app-set-up-used = This set-up was confirmed already, or the code was used. Start again.
passkey-no-set-up = There is no passkey set-up to finish, or it took too long. Start again.
passkey-added-already = This passkey is added already.
accounts-unavailable = The account service is temporarily unavailable. Please try again in a moment.

# The waitlist's answers.
waitlist-joined = Thank you! You're on the waitlist. We've sent you a confirmation email.
waitlist-unavailable = The waitlist cannot be joined right now. Please try again.

# The subscriptions' answers (the subscribe boxes and the emailed links' page).
subscription-requested = Thank you! Please check your inbox to confirm your subscription.
subscription-unavailable = Subscriptions cannot be taken right now. Please try again.
subscription-confirmed = Your subscription is confirmed. Thank you!
subscription-unsubscribed = You have been unsubscribed. You will receive no more of these emails.
subscription-link-invalid = This subscription link is not valid.

# The password reset's answers (the forgot-password and reset-password pages).
reset-sent = If an account uses this email address, we've sent it password reset instructions.
reset-unavailable = Password reset is not available right now. Please try again.
reset-link-invalid = This reset link is invalid or has expired. Please request a new one.
reset-done = Your password has been reset. You can now sign in with your new password.

# Rate limits (gateway/src/platform/limits/catalogue.rs).
limit-register = Too many registration attempts. Please try again later.
limit-login = Too many login attempts. Please try again later.
limit-chat-start = Too many chats started. Please try again later.
limit-chat-message = Too many messages. Please slow down and try again.
limit-page-view = Too many page views. Please slow down.
limit-contact = Too many messages sent. Please try again later.
limit-waitlist = Too many waitlist requests. Please try again later.
limit-subscribe = Too many subscription requests. Please try again later.
limit-reset-request = Too many password reset requests. Please try again later.
limit-reset-attempt = Too many password reset attempts. Please try again later.
limit-transcript = This transcript was sent several times already. Please try again in an hour.
limit-transcript-email = Several transcripts were sent to this address already. Please try again in an hour.
limit-code-email = Several codes were sent to this address already. Please use the last one, or try again in an hour.
limit-chat-email = Too many emails asked for. Please try again in an hour.
limit-preview = Too many previews. Please wait a moment and try again.
limit-attachment-upload = Too many files attached. Please wait a few minutes and try again.
limit-attachment-read = Too many downloads. Please slow down and try again.
limit-profile = Too many changes. Please wait a minute and try again.
limit-privacy = Too many privacy requests. Please try again later.
limit-export-download = Too many downloads. Please try again later.
limit-consent = Too many cookie choices. Please try again later.
limit-codes = Too many codes tried. Please wait a minute and try again.
limit-second-factor-change = Too many second-factor changes. Please try again later.

## A blog post's read time, in the post's language ($minutes at least 1).

post-read-time = { $minutes ->
    [one] { $minutes } min read
   *[other] { $minutes } min read
}
