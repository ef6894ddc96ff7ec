//! The sample blog posts.

use contract::content::BlogPostInput;
use contract::language::Language;
use runtime::texts;
use time::{Date, Duration};

use super::images::IMAGE_DIR;

/// The author of every sample post: the company, never an invented person.
pub const AUTHOR: &str = "Nyota Cloud Team";

/// Words a reader gets through in a minute, for the read time.
const WORDS_PER_MINUTE: usize = 200;

/// A blog post of the sample set.
#[derive(Debug)]
pub struct SamplePost {
    pub title: &'static str,
    /// One or two sentences.
    pub excerpt: &'static str,
    /// Plain text; stored joined by blank lines.
    pub paragraphs: &'static [&'static str],
    pub category: &'static str,
    /// A file in [`IMAGE_DIR`].
    pub image: &'static str,
    pub featured: bool,
    /// Published this many days before today, at 09:00 in Nairobi.
    pub days_ago: i64,
}

impl SamplePost {
    pub fn full_content(&self) -> String {
        self.paragraphs.join("\n\n")
    }

    /// The minutes the text takes to read, from its length.
    pub fn minutes(&self) -> usize {
        let words: usize = self
            .paragraphs
            .iter()
            .map(|paragraph| paragraph.split_whitespace().count())
            .sum();
        words.div_ceil(WORDS_PER_MINUTE).max(1)
    }

    /// The read time in `language` ("N min read" in English).
    pub fn read_time(&self, language: Language) -> String {
        texts::read_time(language, self.minutes())
    }

    /// The post as the admin API would receive it, dated from `today`.
    pub fn input(&self, today: Date) -> BlogPostInput {
        let day = today.saturating_sub(Duration::days(self.days_ago));
        BlogPostInput {
            title: self.title.to_owned(),
            excerpt: self.excerpt.to_owned(),
            full_content: self.full_content(),
            category: self.category.to_owned(),
            author: AUTHOR.to_owned(),
            published_at: Some(format!("{day}T09:00:00+03:00")),
            read_time: Some(self.read_time(Language::En)),
            image: Some(format!("{IMAGE_DIR}{}", self.image)),
            source_url: None,
            featured: Some(self.featured),
            // Stored by the seed as `plain` (the column's default).
            status: None,
            content_format: None,
            language: None,
            translation_of: None,
        }
    }
}

/// The sample posts, newest first.
pub const POSTS: &[SamplePost] = &[
    SamplePost {
        title: "Bare Metal or Virtual Servers? Choosing the Right Foundation for Your Workloads",
        excerpt: "Dedicated hardware and virtual machines solve different problems. Here is how to \
                  decide which one fits each of your workloads, and when to use both.",
        paragraphs: &[
            "Every infrastructure plan starts with the same question: should this workload run \
             on its own physical server, or on a virtual machine that shares hardware with \
             others? Both are sound choices. The right answer depends on how predictable the \
             workload is, how much control you need over the machine, and how quickly it has \
             to change.",
            "A bare metal server gives one customer the whole machine: every CPU core, every \
             gigabyte of memory and every disk. Nothing else competes for those resources, so \
             performance is steady from one hour to the next. That matters for databases with \
             heavy write loads, core banking and payment systems, analytics jobs that keep \
             every core busy, and software licensed per physical processor.",
            "Virtual servers trade some of that isolation for speed and flexibility. A virtual \
             machine is ready in minutes, can be resized when demand changes and is retired \
             when a project ends. For web applications, APIs, test environments and internal \
             tools, that agility is usually worth more than the last few percent of raw \
             performance.",
            "Cost follows the same pattern. A dedicated server is a fixed monthly commitment \
             that pays off when the machine is busy most of the time. Virtual servers cost \
             less to start with and suit workloads that grow in steps, or that you are still \
             learning to size. Many workloads move from one to the other as they mature.",
            "In practice most businesses run both. A common pattern is a pair of bare metal \
             servers for the primary database, with the application tier on virtual servers \
             that are added for a busy season and removed afterwards. When both sit on the \
             same private network in the same data center, traffic between them stays fast \
             and never crosses the public internet.",
            "Whichever you choose, the foundations on Nyota Cloud are the same: Tier-3 data \
             centers in Africa, a service level agreement of 99.9% uptime or better, and \
             engineers available 24/7. If you are unsure where a workload belongs, book a \
             call and our team will size it with you before you commit.",
        ],
        category: "Infrastructure",
        image: "bare-metal-servers.svg",
        featured: true,
        days_ago: 3,
    },
    SamplePost {
        title: "Encryption by Default: How Your Data Is Protected at Rest and in Transit",
        excerpt: "AES-256 on disk and TLS 1.3 on the wire are the baseline on Nyota Cloud. \
                  What those terms mean in practice, and which part of the job is still yours.",
        paragraphs: &[
            "Encryption appears on every cloud provider's website. It is worth being precise \
             about what it covers, because the protection you get depends on where the data \
             is at a given moment and on who holds the keys.",
            "Data at rest is data stored on a disk: database files, backups, object storage \
             and virtual machine volumes. On our platform it is encrypted with AES-256, the \
             same standard banks and governments rely on. If a drive is ever removed from a \
             server, retired or lost in transit, what it holds is unreadable without the \
             keys.",
            "Data in transit is data moving across a network: between your users and your \
             application, between your servers, or on its way to a backup. Our endpoints use \
             TLS 1.3, which drops older and weaker cipher suites and completes the handshake \
             in fewer round trips, so better security does not cost you speed.",
            "Keys deserve as much care as the data they protect. Keep them out of source code \
             and configuration files, give each application only the keys it needs, rotate \
             them on a schedule, and make sure that removing someone's access also removes \
             every key they could read.",
            "Encryption does not replace access control. A stolen password opens encrypted \
             data as easily as plain data, because the system decrypts it for anyone who is \
             signed in. Multi-factor authentication, roles with the least privilege that \
             still gets the work done, and regular reviews of who can reach production remain \
             your strongest defences.",
            "Security in the cloud is a shared responsibility. We encrypt the platform, patch \
             and harden the infrastructure and watch it around the clock; you decide who \
             signs in to your systems and what your applications do with the data. Our \
             engineers are available 24/7 to help you review your side of that line.",
        ],
        category: "Security",
        image: "encryption.svg",
        featured: false,
        days_ago: 9,
    },
    SamplePost {
        title: "From Spreadsheets to Dashboards: A Practical Path to Business Intelligence",
        excerpt: "Most companies already hold the data they need to make better decisions; the \
                  hard part is bringing it together. A step-by-step approach that starts small \
                  and grows with you.",
        paragraphs: &[
            "Ask a finance team where the monthly figures come from and the answer is often a \
             chain of spreadsheets: exported from the accounting system, pasted into a \
             workbook, checked by hand and emailed around. It works until the person who \
             built it goes on leave, or until two versions of the same report disagree.",
            "Business intelligence replaces that chain with a pipeline. Data is collected from \
             the systems where it is created, such as sales, stock, payments and customer \
             support, cleaned once, stored in one place and shown on dashboards that update \
             themselves. Everyone looks at the same figures, and nobody rebuilds them by hand \
             each month.",
            "Start with one question that matters. 'Which branches are growing and which are \
             shrinking?' or 'How long do customers wait for a delivery?' are better starting \
             points than 'let us build a data warehouse'. A single question tells you which \
             sources to connect first and how to judge whether the result is useful.",
            "Next, connect those sources and agree on definitions. Much of the effort in a \
             business intelligence project goes into deciding what a customer, an order or \
             revenue means, and writing it down so that every report follows the same rule. \
             No tool can make that decision for you, but a good pipeline makes it stick.",
            "Once the foundations are in place, the same data can do more. Clustering groups \
             customers who behave alike, forecasting helps plan stock and staffing, and \
             anomaly detection flags a sudden drop in sales before the month closes. Each of \
             these builds on the cleaned data rather than on yet another spreadsheet.",
            "Nyota BI offers that path on infrastructure in Africa: custom pipelines, data \
             mining, clustering and dashboards, with your data staying on the continent. Our \
             team can help you choose the first question and connect the first sources, then \
             step back as your own analysts take over.",
        ],
        category: "Business",
        image: "business-intelligence.svg",
        featured: false,
        days_ago: 16,
    },
    SamplePost {
        title: "Why AI Inference Belongs Close to Your Users",
        excerpt: "A model is trained once but answers questions millions of times. For African \
                  businesses, where those answers are computed matters for speed, cost and \
                  data protection.",
        paragraphs: &[
            "Most conversations about artificial intelligence focus on training, the large \
             and expensive process of teaching a model from data. For a business putting AI \
             to work, the more frequent task is inference: the trained model answering a \
             question, reading a document or recognising an object in a video frame. \
             Inference happens every time a customer uses the feature.",
            "Distance shows up directly in response time. A request that travels from Nairobi \
             or Lagos to a data center on another continent and back pays for that journey \
             before the model has done any work. For a chat assistant, a fraud check at the \
             point of sale or a camera that must raise an alert, the delay is noticeable.",
            "Data protection is the second reason. Inference often runs on exactly the \
             information regulators care about most: identity documents, medical notes, \
             voice recordings and customer messages. Processing it in the region where it was \
             collected makes it simpler to meet data protection law, and to answer customers \
             who ask where their information goes.",
            "Cost is the third. Sending large inputs such as images and video across \
             continents uses bandwidth on every request. Running inference near the source \
             means only the results have to travel, and they are a fraction of the size.",
            "This is why we are building an edge AI and GPU cloud in Africa. It is planned \
             around four uses: inference close to users, training for teams that need \
             dedicated GPUs, edge computing for sites such as factories and branches, and \
             orchestration that places each workload where it runs best. It will serve open \
             models, so you can choose and inspect what runs on your data.",
            "The GPU cluster is open for early access and capacity reservation. If your team \
             is planning an AI product, tell us about the workload through the contact page \
             or book a call: early conversations help us shape the cluster around what \
             builders in Africa actually need.",
        ],
        category: "Innovation",
        image: "edge-ai.svg",
        featured: false,
        days_ago: 23,
    },
    SamplePost {
        title: "Keeping Your Data in Africa: What Data Residency Means for Your Business",
        excerpt: "Where your data is stored decides which laws apply to it, how fast your \
                  applications answer and how far your customers trust you. A plain-language \
                  guide to data residency.",
        paragraphs: &[
            "Data residency is the question of where, physically, your data is stored and \
             processed. For years many African businesses had little choice: the largest \
             cloud regions were in Europe, North America or Asia, and data went there by \
             default. That is changing, and the choice now deserves a deliberate answer.",
            "Law is the first reason to care. Countries across the continent have passed data \
             protection laws, among them Kenya's Data Protection Act of 2019, Nigeria's Data \
             Protection Act of 2023 and South Africa's Protection of Personal Information Act. \
             Many set conditions on sending personal data abroad, and regulators in sectors \
             such as banking, insurance and health often add rules of their own.",
            "Performance is the second. An application hosted on the same continent as its \
             users answers faster, because every request travels a shorter distance. The \
             difference is most visible in interactive services such as online banking, \
             point-of-sale systems and customer portals, where many small requests add up.",
            "Trust is the third. Customers increasingly ask where their information goes. \
             Being able to answer that it stays in Africa, in data centers you can name, is a \
             stronger position than pointing to a provider's global terms.",
            "Residency is not only about the primary copy. Check where backups, logs, \
             monitoring data and support tools keep their copies, and whether any of them \
             replicate to another region by default. A residency policy is only as strong as \
             its least visible copy.",
            "On Nyota Cloud, customer data is kept in Africa: servers, storage and backups run \
             in Tier-3 data centers on the continent, and our data processing agreement sets \
             out how your data is handled. If you need to document residency for an auditor \
             or a regulator, our team can walk you through the details.",
        ],
        category: "Infrastructure",
        image: "data-residency.svg",
        featured: false,
        days_ago: 30,
    },
    SamplePost {
        title: "Cloud CCTV Without the Headaches: How Kaa Rada Works",
        excerpt: "On-site recorders fail, fill up and get stolen. Kaa Rada keeps your camera \
                  footage in encrypted cloud storage and lets you watch it from a phone or a \
                  browser.",
        paragraphs: &[
            "Most CCTV systems still record to a box on site: a video recorder in a cupboard, \
             with a hard drive that fills up, wears out and sits in the same building as the \
             cameras it is meant to protect. When there is a break-in, the recorder is often \
             the first thing taken.",
            "Kaa Rada, our cloud CCTV service, moves the recording off site. Cameras stream \
             video over an encrypted connection to storage in our data centers, so the \
             footage survives even when the premises do not. Setup is plug-and-play, without \
             a recorder or server to maintain on site.",
            "Viewing works the same way. The people you authorise watch live and recorded \
             video from a phone or a web browser, wherever they are, without opening ports on \
             the office router or installing remote desktop tools. Access can be withdrawn in \
             one step when someone leaves.",
            "The service scales from a single camera to thousands. A family home, a shop and a \
             gated estate use the same platform as a school, a hospital or a network of bank \
             branches. Plans are organised as clusters by number of cameras, and larger \
             deployments get a custom quote and service level agreement.",
            "Security firms can use Kaa Rada to offer monitoring to their own clients, and \
             compliance teams can keep recordings for as long as their policies require, in \
             encrypted storage in Africa, instead of for as long as a local disk happens to \
             hold.",
            "If you are planning a new installation or replacing an ageing recorder, our team \
             can help you list the cameras you have, estimate the bandwidth each site needs \
             and choose a plan. Local support is part of the service.",
        ],
        category: "Security",
        image: "cloud-cctv.svg",
        featured: false,
        days_ago: 38,
    },
];

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::sample_content::test_support::{assert_plain, day};

    #[test]
    fn posts_are_plain_text_of_article_length_by_the_company() {
        assert_eq!(POSTS.iter().filter(|post| post.featured).count(), 1);
        let categories: HashSet<_> = POSTS.iter().map(|post| post.category).collect();
        assert!((3..=4).contains(&categories.len()), "{categories:?}");
        let titles: HashSet<_> = POSTS.iter().map(|post| post.title).collect();
        assert_eq!(titles.len(), POSTS.len(), "titles are unique");
        for post in POSTS {
            assert!((4..=8).contains(&post.paragraphs.len()), "{}", post.title);
            assert!(post.days_ago > 0, "published before today: {}", post.title);
            assert_plain(post.title, post.title);
            assert_plain(post.excerpt, post.title);
            let sentences = post.excerpt.matches(". ").count() + 1;
            assert!(
                sentences <= 2,
                "excerpt of one or two sentences: {}",
                post.title
            );
            for paragraph in post.paragraphs {
                assert_plain(paragraph, post.title);
            }
            let input = post.input(day(2030, time::Month::March, 15));
            assert_eq!(input.author, AUTHOR);
            assert!(input.full_content.contains("\n\n"));
        }
        let days: HashSet<_> = POSTS.iter().map(|post| post.days_ago).collect();
        assert_eq!(days.len(), POSTS.len(), "one post a day at most");
    }

    #[test]
    fn read_time_follows_the_length() {
        let short = SamplePost {
            paragraphs: &["One two three."],
            ..POSTS[0]
        };
        assert_eq!(short.read_time(Language::En), "1 min read");
        assert_eq!(short.read_time(Language::Sw), "Dakika 1 ya kusoma");
        for post in POSTS {
            let words = post.full_content().split_whitespace().count();
            let minutes = words.div_ceil(WORDS_PER_MINUTE);
            assert_eq!(post.read_time(Language::En), format!("{minutes} min read"));
            assert_eq!(
                post.read_time(Language::Fr),
                format!("{minutes} min de lecture")
            );
            assert!(minutes >= 2, "{}: {words} words", post.title);
        }
    }
}
