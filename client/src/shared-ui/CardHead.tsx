import { Link } from 'react-router-dom';

/** A card's title with a link on the right ("More", "Add"). */
export function CardHead({ title, to, link }: { title: string; to: string; link: string }) {
  return (
    <div className="card__head">
      <h2 className="card__title">{title}</h2>
      <Link to={to} className="card__more">
        {link}
      </Link>
    </div>
  );
}
