import { useTranslation } from 'react-i18next';
import type { InfoPage, InfoSection } from './infoPages.ts';

/** One information page's text from the `info` namespace (loaded by the route before it renders). */
export function InfoArticle({ page }: { page: InfoPage }) {
  const { t } = useTranslation('info');
  const sections = t(`${page}.sections`, { returnObjects: true }) as InfoSection[];
  return (
    <article className="card article" data-testid={`info-${page}`}>
      <p className="article__lead">{t(`${page}.lead`)}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <p className="article__updated">{t('updated')}</p>
    </article>
  );
}
