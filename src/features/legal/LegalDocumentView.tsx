import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import type { LegalCompany, LegalDocument } from './legalContent';
import { CONTENTS, DEMO_NOTICE, LAST_UPDATED } from './legalMessages';
import '../../shared/ui/table.css';
import './legal.css';
import { Page } from '@/shared/ui/Page';

/** The company the texts name, from the runtime configuration (config.json). */
export function legalCompany(): LegalCompany {
  const { name, postalAddress, phone, email } = getRuntimeConfig().company;
  return { name, postalAddress, phone, email };
}

function LegalTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    // A table wider than the screen scrolls inside this region, which must be reachable by keyboard.
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A legal document with its back link, the demo notice, a table of contents and its sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <Page
      element="article"
      className="legal"
      titleId="page-title"
      title={document.title}
      // Home, never back in history: a reader who arrived from another site must stay in the portal (the
      // home's guard sends a guest on to /login).
      back={pathTo('home')}
    >
      <p className="legal__updated">{LAST_UPDATED}</p>
      <Notification kind="info">{DEMO_NOTICE(legalCompany().name)}</Notification>
      <nav className="legal__contents" aria-label={CONTENTS}>
        <h2 className="legal__contents-title">{CONTENTS}</h2>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.heading}</h2>
          {section.blocks.map((block, index) => {
            switch (block.kind) {
              case 'paragraph':
                return <p key={index}>{block.text}</p>;
              case 'list':
                return (
                  <ul key={index}>
                    {block.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                );
              case 'table':
                return <LegalTable key={index} caption={block.caption} head={block.head} rows={block.rows} />;
              case 'links':
                return (
                  <ul key={index} className="legal__links">
                    {block.links.map((link) => (
                      <li key={link.route}>
                        <Link to={pathTo(link.route)}>{link.label}</Link>
                      </li>
                    ))}
                  </ul>
                );
            }
          })}
        </section>
      ))}
    </Page>
  );
}
