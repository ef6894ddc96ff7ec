//! The sample posts' translations: the first (featured) post in French, so
//! the blog in French shows a post in its language first and the English
//! post links to its translation (issue 39).

use contract::content::BlogPostInput;
use contract::language::Language;
use time::Date;

use super::posts::{POSTS, SamplePost};

/// A translation of a sample post: its own texts; the category, image,
/// featured mark and date are the original's.
#[derive(Debug)]
pub struct SampleTranslation {
    /// The translated post's place in [`POSTS`].
    pub of: usize,
    pub language: Language,
    pub title: &'static str,
    pub excerpt: &'static str,
    pub paragraphs: &'static [&'static str],
}

impl SampleTranslation {
    pub fn original(&self) -> &'static SamplePost {
        &POSTS[self.of]
    }

    /// The post as the admin API would receive it, dated from `today` as
    /// its original.
    pub fn input(&self, today: Date) -> BlogPostInput {
        let original = self.original().input(today);
        let sample = SamplePost {
            paragraphs: self.paragraphs,
            ..*self.original()
        };
        BlogPostInput {
            title: self.title.to_owned(),
            excerpt: self.excerpt.to_owned(),
            full_content: sample.full_content(),
            // In the translation's language, from its own length.
            read_time: Some(sample.read_time(self.language)),
            language: Some(self.language),
            ..original
        }
    }
}

/// The translations, each linked to its original by the seed.
pub const TRANSLATIONS: &[SampleTranslation] = &[SampleTranslation {
    of: 0,
    language: Language::Fr,
    title: "Serveurs bare metal ou virtuels ? Choisir les bonnes fondations pour vos charges \
            de travail",
    excerpt: "Le matériel dédié et les machines virtuelles répondent à des besoins différents. \
              Voici comment déterminer lequel convient à chacune de vos charges de travail, et \
              quand combiner les deux.",
    paragraphs: &[
        "Tout projet d'infrastructure commence par la même question : cette charge de travail \
         doit-elle tourner sur son propre serveur physique, ou sur une machine virtuelle qui \
         partage le matériel avec d'autres ? Les deux choix sont valables. La bonne réponse \
         dépend de la prévisibilité de la charge, du niveau de contrôle dont vous avez besoin \
         sur la machine et de la rapidité avec laquelle elle doit évoluer.",
        "Un serveur bare metal met la machine entière à la disposition d'un seul client : \
         chaque cœur de processeur, chaque gigaoctet de mémoire et chaque disque. Rien d'autre \
         ne se dispute ces ressources, si bien que les performances restent constantes d'une \
         heure à l'autre. C'est essentiel pour les bases de données soumises à de fortes \
         charges d'écriture, les systèmes bancaires centraux et de paiement, les traitements \
         analytiques qui sollicitent tous les cœurs, et les logiciels dont la licence est \
         calculée par processeur physique.",
        "Les serveurs virtuels sacrifient une part de cette isolation au profit de la rapidité \
         et de la souplesse. Une machine virtuelle est prête en quelques minutes, peut être \
         redimensionnée lorsque la demande évolue et est supprimée à la fin d'un projet. Pour \
         les applications web, les API, les environnements de test et les outils internes, \
         cette agilité compte généralement davantage que les derniers points de performance \
         brute.",
        "Les coûts suivent la même logique. Un serveur dédié représente un engagement mensuel \
         fixe, rentable lorsque la machine est occupée la plupart du temps. Les serveurs \
         virtuels coûtent moins cher au départ et conviennent aux charges qui croissent par \
         paliers, ou dont vous apprenez encore à évaluer le dimensionnement. Bien des charges \
         de travail passent de l'un à l'autre en gagnant en maturité.",
        "En pratique, la plupart des entreprises utilisent les deux. Un schéma courant associe \
         une paire de serveurs bare metal pour la base de données principale à une couche \
         applicative hébergée sur des serveurs virtuels, ajoutés pour une période chargée puis \
         retirés ensuite. Lorsque tous se trouvent sur le même réseau privé, dans le même \
         centre de données, le trafic entre eux reste rapide et ne transite jamais par \
         l'internet public.",
        "Quel que soit votre choix, les fondations sont les mêmes sur Nyota Cloud : des centres \
         de données Tier 3 en Afrique, un accord de niveau de service garantissant au moins \
         99,9 % de disponibilité et des ingénieurs joignables 24 h/24 et 7 j/7. Si vous hésitez \
         sur la place d'une charge de travail, réservez un appel : notre équipe la \
         dimensionnera avec vous avant tout engagement.",
    ],
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample_content::test_support::day;

    #[test]
    fn a_translation_reads_in_its_language_at_its_own_length() {
        for translation in TRANSLATIONS {
            let input = translation.input(day(2030, time::Month::March, 15));
            let own = SamplePost {
                paragraphs: translation.paragraphs,
                ..*translation.original()
            };
            assert_eq!(input.language, Some(translation.language));
            assert_eq!(
                input.read_time,
                Some(runtime::texts::read_time(
                    translation.language,
                    own.minutes()
                ))
            );
        }
        let french = TRANSLATIONS[0].input(day(2030, time::Month::March, 15));
        let read_time = french.read_time.expect("a read time");
        assert!(read_time.ends_with(" min de lecture"), "{read_time}");
    }
}
