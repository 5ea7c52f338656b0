# language: fr
Fonctionnalité: Panier

  Scénario: Ajouter un article
    Soit un panier vide
    Quand j'ajoute "chaussettes"
    Alors le panier contient 1 article

  Plan du scénario: Ajouter <n> articles
    Soit un panier vide
    Quand j'ajoute <n> articles
    Alors le panier contient <n> articles

    Exemples:
      | n |
      | 2 |
      | 3 |
